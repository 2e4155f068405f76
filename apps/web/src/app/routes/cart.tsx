import { menuDiscountForPlate } from '@comanda/domain/menu-discount';
import type { CartItem } from '@comanda/domain/types';
import { zonedDayOfWeek } from '@comanda/domain/zoned-time';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AliasErrorScreen } from '../../components/error-screen';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/ui/toast';
import { CartPage } from '../../features/cart/components/cart-page';
import { useDinerEntity } from '../../features/entry/api/get-diner-entity';
import { useMenu } from '../../features/menu/api/get-menu';
import { useMenuCustomization, useMenuHashes } from '../../features/menu/api/get-menu-extras';
import { imageUrl } from '../../features/menu/components/plate-image';
import { StorefrontLayout } from '../../features/shell/components/storefront-layout';
import { useCartPricing } from '../../hooks/use-cart-pricing';
import { useMarketingTags } from '../../hooks/use-marketing-tags';
import { analyticsTrack } from '../../lib/analytics';
import { branchLogoUrl } from '../../lib/branch';
import { orderingStateAt, useNow } from '../../lib/ordering-state';
import { aliasPath, checkoutPath, modePath } from '../../lib/storefront-path';
import { useBranchTheme } from '../../lib/theme';
import { cartActions } from '../../stores/cart-logic';
import { cartBind, cartLogicLoad, useCart } from '../../stores/cart-store';
import { installPromptEngage } from '../../stores/install-prompt-store';
import type { ApiBranchContact, ApiCountry } from '../../types/api';
import type { MenuPlate } from '../../types/menu';
import { useCartRecoveryRestore } from './cart-recovery-restore';
import { PlateDetailModalLazy } from './lazy-features';
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

type Editing =
  | { plate: MenuPlate; index: number; item: CartItem }
  | { plate: MenuPlate; index: null; item: null };

function CartScreen({ contact, country }: { contact: ApiBranchContact; country: ApiCountry }) {
  const { search } = useLocation();
  const toast = useToast();
  const branch = contact.branch;
  const scheme = useBranchTheme(branch);
  useMarketingTags(branch);
  const now = useNow();
  const cartState = useCart();
  const customization = useMenuCustomization(branch.id);
  const [editing, setEditing] = useState<Editing | null>(null);
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
  const pricing = useCartPricing(
    cart && menuData && mode
      ? {
          cart,
          menu: menuData,
          orderModeType: mode.type,
          timeZone: contact.timezone,
          country,
          deliveryInfo: location.deliveryInfo.info,
          now,
        }
      : null,
  );

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
  const trackDelete = (item: CartItem, quantity: number) =>
    analyticsTrack('DELETE_ITEM', {
      branchContactId: contact.id,
      ...(mode ? { orderModeId: mode.id } : {}),
      payload: { plateId: Number(item.referenceId), name: item.name, quantity, source: item.source },
    });

  const plateOf = (referenceId: string) => menuData?.plates.find((plate) => plate.id === referenceId) ?? null;

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
          <CartPage
            cart={cart}
            country={country}
            pricing={pricing}
            upselleds={menuData?.upselleds ?? []}
            discountFor={(plate) =>
              menuData
                ? menuDiscountForPlate(menuData.discounts, plate.id, zonedDayOfWeek(now, contact.timezone))
                : null
            }
            deliveryInfo={location.deliveryInfo.info}
            delivery={mode?.type === 'DELIVERY'}
            orderEnabled={ordering?.canAddItems ?? false}
            menuHref={menuHref}
            checkoutHref={`${checkoutPath(contact.alias)}${search}`}
            addressText={location.addressText}
            onAddressOpen={location.openAddress}
            onAddressRequired={location.requireAddress}
            onEdit={(index) => {
              const item = cart.items[index];
              const plate = item ? plateOf(item.referenceId) : null;
              if (item && plate) setEditing({ plate, index, item });
            }}
            onQuantity={(index, delta) => {
              const item = cart.items[index];
              const message = cartActions.changeQuantity(index, delta);
              if (message) toast(message);
              if (item && delta < 0 && item.quantity + delta <= 0) trackDelete(item, item.quantity);
            }}
            onDelete={(index) => {
              const item = cart.items[index];
              cartActions.remove(index);
              if (item) trackDelete(item, item.quantity);
            }}
            onUpsell={(plate) => setEditing({ plate, index: null, item: null })}
          />
        ) : (
          <Spinner />
        )}
      </main>
      {editing && mode ? (
        <Suspense fallback={null}>
          <PlateDetailModalLazy
            plate={editing.plate}
            country={country}
            timeZone={contact.timezone}
            discounts={menuData?.discounts ?? []}
            notesCustomization={customization}
            canAddItems={ordering?.canAddItems ?? false}
            blockedText={ordering?.closedNotice?.banner ?? null}
            source={editing.item ? 'edit' : 'upselled'}
            {...(editing.item ? { editing: { index: editing.index, item: editing.item } } : {})}
            branchContactId={contact.id}
            orderModeId={mode.id}
            onDone={() => setEditing(null)}
            onClose={() => setEditing(null)}
            imageSrc={editing.plate.withImage ? imageUrl('PLATE', editing.plate.numericId) : null}
          />
        </Suspense>
      ) : null}
      {location.addressModal}
    </StorefrontLayout>
  );
}
