import type { Cart } from '@comanda/domain/cart';
import { menuDiscountForPlate } from '@comanda/domain/menu-discount';
import { soldOutCartProblems } from '@comanda/domain/sold-out';
import type { CartItem } from '@comanda/domain/types';
import { zonedDayOfWeek } from '@comanda/domain/zoned-time';
import { Suspense, useMemo, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { CartPage } from '../../features/cart/components/cart-page';
import { imageUrl } from '../../features/menu/components/plate-image';
import { useCartPricing } from '../../hooks/use-cart-pricing';
import { analyticsTrack } from '../../lib/analytics';
import type { OrderingState } from '../../lib/ordering-state';
import { cartActions } from '../../stores/cart-logic';
import type { ApiBranchContact, ApiCountry, ApiMenuCustomization, ApiOrderMode } from '../../types/api';
import type { MenuPlate, StorefrontMenu } from '../../types/menu';
import { PlateDetailModalLazy } from './lazy-features';
import type { StorefrontLocation } from './use-storefront-location';

type Editing =
  | { plate: MenuPlate; index: number; item: CartItem }
  | { plate: MenuPlate; index: null; item: null };

export interface CartViewProps {
  contact: ApiBranchContact;
  country: ApiCountry;
  /** The cart's order mode; null until the cart names one this location has. */
  mode: ApiOrderMode | null;
  /** Null while nothing was added (the empty cart). */
  cart: Cart | null;
  menu: StorefrontMenu | null;
  location: StorefrontLocation;
  ordering: OrderingState | null;
  customization: ApiMenuCustomization | null;
  now: number;
  menuHref: string;
  checkoutHref: string;
  /** Beside the menu (≥ 1024 px, ADR 048) rather than a page of its own. */
  panel?: boolean;
}

/**
 * 'Mi pedido' with what it does: quantities, deletion, editing a line and
 * adding a recommended plate (the plate detail in a modal). The cart page and
 * the cart beside the desktop menu are this one view.
 */
export function CartView(props: CartViewProps) {
  const { contact, country, mode, cart, menu, location, ordering } = props;
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const pricing = useCartPricing(
    cart && menu && mode
      ? {
          cart,
          menu,
          orderModeType: mode.type,
          timeZone: contact.timezone,
          country,
          deliveryInfo: location.deliveryInfo.info,
          now: props.now,
        }
      : null,
  );
  const trackDelete = (item: CartItem, quantity: number) =>
    analyticsTrack('DELETE_ITEM', {
      branchContactId: contact.id,
      ...(mode ? { orderModeId: mode.id } : {}),
      payload: { plateId: Number(item.referenceId), name: item.name, quantity, source: item.source },
    });
  const plateOf = (referenceId: string) => menu?.plates.find((plate) => plate.id === referenceId) ?? null;
  const soldOut = useMemo(
    () =>
      cart && menu
        ? soldOutCartProblems(cart.items, new Map(menu.plates.map((plate) => [plate.id, plate])))
        : [],
    [cart, menu],
  );

  return (
    <>
      <CartPage
        cart={cart}
        country={country}
        pricing={pricing}
        upselleds={menu?.upselleds ?? []}
        discountFor={(plate) =>
          menu
            ? menuDiscountForPlate(menu.discounts, plate.id, zonedDayOfWeek(props.now, contact.timezone))
            : null
        }
        deliveryInfo={location.deliveryInfo.info}
        delivery={mode?.type === 'DELIVERY'}
        orderEnabled={ordering?.canAddItems ?? false}
        menuHref={props.menuHref}
        checkoutHref={props.checkoutHref}
        addressText={location.addressText}
        onAddressOpen={location.openAddress}
        onAddressRequired={location.requireAddress}
        panel={props.panel}
        soldOut={soldOut}
        onEdit={(index) => {
          const item = cart?.items[index];
          const plate = item ? plateOf(item.referenceId) : null;
          if (item && plate) setEditing({ plate, index, item });
        }}
        onQuantity={(index, delta) => {
          const item = cart?.items[index];
          const message = cartActions.changeQuantity(index, delta);
          if (message) toast(message);
          if (item && delta < 0 && item.quantity + delta <= 0) trackDelete(item, item.quantity);
        }}
        onDelete={(index) => {
          const item = cart?.items[index];
          cartActions.remove(index);
          if (item) trackDelete(item, item.quantity);
        }}
        onUpsell={(plate) => setEditing({ plate, index: null, item: null })}
      />
      {editing && mode ? (
        <Suspense fallback={null}>
          <PlateDetailModalLazy
            plate={editing.plate}
            country={country}
            timeZone={contact.timezone}
            discounts={menu?.discounts ?? []}
            notesCustomization={props.customization}
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
    </>
  );
}
