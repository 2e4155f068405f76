import { useMenuCustomization } from '../../features/menu/api/get-menu-extras';
import { orderingStateAt, useNow } from '../../lib/ordering-state';
import { checkoutPath } from '../../lib/storefront-path';
import { useCart } from '../../stores/cart-store';
import { CartView } from './cart-view';
import type { MenuContext } from './menu-context';
import type { StorefrontLocation } from './use-storefront-location';

/**
 * 'Mi pedido' beside the menu at ≥ 1024 px (ADR 048): the cart page's view,
 * sticky under the header, updating as plates are added. A chunk of its own,
 * asked for only on a wide screen: a phone's menu never loads it. It reads
 * what it can itself (the cart, the clock, the menu's context) so that the
 * menu's first-paint code hands it only the screen's address state.
 */
export default function MenuCartPanel({
  context,
  location,
}: {
  context: MenuContext;
  location: StorefrontLocation;
}) {
  const { contact, mode } = context;
  const state = useCart();
  const now = useNow();
  const customization = useMenuCustomization(contact.branch.id);
  return (
    <aside className="cart-panel" aria-labelledby="cart-title">
      <CartView
        contact={contact}
        country={context.country}
        mode={mode}
        cart={state.alias === contact.alias ? state.cart : null}
        menu={context.menu}
        location={location}
        ordering={orderingStateAt(contact, mode, now)}
        customization={customization}
        now={now}
        menuHref={context.basePath}
        checkoutHref={`${checkoutPath(contact.alias)}${context.search}`}
        panel
      />
    </aside>
  );
}
