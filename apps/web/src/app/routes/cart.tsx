import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AliasErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { useMenu } from '../../features/menu/api/get-menu';
import { useMenuCustomization, useMenuHashes } from '../../features/menu/api/get-menu-extras';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { useMarketingTags } from '../../hooks/use-marketing-tags';
import { analyticsTrack } from '../../lib/analytics';
import { branchLogoUrl } from '../../lib/branch';
import { orderingStateAt, useNow } from '../../lib/ordering-state';
import { aliasPath, checkoutPath, modePath } from '../../lib/storefront-path';
import { useBranchTheme } from '../../lib/theme';
import { cartBind, cartLogicLoad, useCart } from '../../stores/cart-store';
import { installPromptEngage } from '../../stores/install-prompt-store';
import type { ApiBranchContact, ApiCountry } from '../../types/api';
import { useCartRecoveryRestore } from './cart-recovery-restore';
import { CartView } from './cart-view';
import { useStorefrontLocation } from './use-storefront-location';

/** `/menu/{alias}/preview`: the cart page 'Mi pedido'. */
export function CartRoute() {
  const { alias = '' } = useParams();
  const { search } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const entity = useDinerEntity(alias, attempt);
  if (entity.status === 'error') {
    return (
      <AliasErrorScreen alias={alias} error={entity.error} onRetry={() => setAttempt((value) => value + 1)} />
    );
  }
  if (entity.status !== 'success') return <Spinner />;
  if (entity.data.type !== 'BRANCH_CONTACT') return <Navigate to={`${aliasPath(alias)}${search}`} replace />;
  return <CartScreen contact={entity.data.branchContact} country={entity.data.country} />;
}

function CartScreen({ contact, country }: { contact: ApiBranchContact; country: ApiCountry }) {
  const { search } = useLocation();
  const branch = contact.branch;
  const scheme = useBranchTheme(branch);
  useMarketingTags(branch);
  const now = useNow();
  const cartState = useCart();
  const customization = useMenuCustomization(branch.id);
  const hashes = useMenuHashes(contact.alias);

  useEffect(() => {
    cartBind(contact.alias, contact.id);
    // The cart page always shows the cart: its rules load with it.
    void cartLogicLoad();
  }, [contact]);

  const bound = cartState.alias === contact.alias;
  const cart = bound ? cartState.cart : null;
  const mode =
    contact.deliveryConfig.orderModes.find((candidate) => String(candidate.id) === cart?.orderModeId) ?? null;
  const menu = useMenu(
    mode
      ? {
          alias: contact.alias,
          branchContactId: contact.id,
          orderModeId: mode.id,
          mantissaLength: country.mantissaLength,
        }
      : null,
  );
  const menuData = menu.status === 'success' ? menu.data : null;
  useCartRecoveryRestore(
    contact,
    hashes,
    menuData && mode ? { orderModeId: mode.id, plates: menuData.plates } : null,
  );
  const location = useStorefrontLocation(contact, mode, country.mantissaLength);
  const ordering = useMemo(() => (mode ? orderingStateAt(contact, mode, now) : null), [contact, mode, now]);
  // One VIEW_ORDER_SUMMARY per visit of the cart page.
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !cart) return;
    viewed.current = true;
    installPromptEngage();
    analyticsTrack('VIEW_ORDER_SUMMARY', {
      branchContactId: contact.id,
      ...(mode ? { orderModeId: mode.id } : {}),
      payload: { items: cart.items.length },
    });
  }, [cart, contact.id, mode]);

  const menuHref = mode
    ? `${modePath(contact.alias, mode)}${search}`
    : `${aliasPath(contact.alias)}${search}`;
  return (
    <StorefrontLayout
      brandName={branch.name}
      logoUrl={branchLogoUrl(branch)}
      homeHref={menuHref}
      aliasType="BRANCH_CONTACT"
      scheme={scheme}
    >
      <main className="page">
        {cart ? (
          <CartView
            contact={contact}
            country={country}
            mode={mode}
            cart={cart}
            menu={menuData}
            location={location}
            ordering={ordering}
            customization={customization}
            now={now}
            menuHref={menuHref}
            checkoutHref={`${checkoutPath(contact.alias)}${search}`}
          />
        ) : (
          <Spinner />
        )}
      </main>
      {location.addressModal}
    </StorefrontLayout>
  );
}
