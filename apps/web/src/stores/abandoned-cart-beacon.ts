/**
 * Abandoned-cart recovery, the storefront's half (ordering §1, §7; ADR 028):
 * when a signed-in diner with items leaves the storefront (the page hidden or
 * closed), one `POST /api/abandoned/cart/` goes with `navigator.sendBeacon`,
 * which survives the page closing but carries no header, so the customer
 * session travels in the body's `customerSession`. Another leave sends again
 * only when the cart changed since. Emptying the cart (deleting its lines, a
 * mode change that clears it, discarding it after an order or for another
 * location) sends `PUT /api/abandoned/cart/cancel/`: that cart gets no message.
 *
 * Loaded with the cart's rules (`cart-logic.ts` imports it), so a first visit's
 * menu ships none of it; every cart change reaches it through `cart-logic.ts`.
 * Diners who are not signed in send nothing: the server records no cart
 * without a session (ADR 028).
 */
import type { Cart } from '@comanda/domain/cart';
import { getDinerEntity } from '../features/entry/api/get-diner-entity';
import { orderItemPayload } from '../lib/order-item-payload';
import { customerSessionGet, customerSessionRequest } from './customer-session-store';

const LEAVE_URL = '/api/abandoned/cart/';

interface Watched {
  alias: string;
  cart: Cart;
}

let watched: Watched | null = null;
/** What the last beacon reported (mode, lines, phone): the same cart is not reported twice. */
let lastReported: string | null = null;
/** The branch of each alias (the beacon names it); read from the entity the screen already loaded. */
const branchIds = new Map<string, number>();

function branchIdResolve(alias: string): Promise<number | null> {
  const known = branchIds.get(alias);
  if (known !== undefined) return Promise.resolve(known);
  return getDinerEntity(alias).then(
    (entity) => {
      if (entity.type !== 'BRANCH_CONTACT') return null;
      branchIds.set(alias, entity.branchContact.branch.id);
      return entity.branchContact.branch.id;
    },
    () => null,
  );
}

/** The fields the leave and the cancel share, or null when the cart cannot be reported. */
function callerOf(current: Watched, branchId: number | null) {
  const session = customerSessionGet();
  const branchContactId = Number(current.cart.branchContactId);
  if (!session || !branchId || !branchContactId) return null;
  return { session, fields: { branchContactId, branchId, phone: session.phone } };
}

function leave(navigationEvent: 'visibilitychange' | 'pagehide'): void {
  const current = watched;
  if (!current || current.cart.items.length === 0 || typeof navigator.sendBeacon !== 'function') return;
  const caller = callerOf(current, branchIds.get(current.alias) ?? null);
  const orderModeId = Number(current.cart.orderModeId);
  if (!caller || !orderModeId) return;
  const report = {
    ...caller.fields,
    orderModeId,
    items: current.cart.items.map(orderItemPayload),
  };
  const signature = JSON.stringify(report);
  if (signature === lastReported) return;
  const body = JSON.stringify({ ...report, navigationEvent, customerSession: caller.session.token });
  try {
    if (navigator.sendBeacon(LEAVE_URL, new Blob([body], { type: 'application/json' }))) {
      lastReported = signature;
    }
  } catch {
    // A refused beacon (too large, blocked): this leave goes unreported, the page is unaffected.
  }
}

async function cancel(emptied: Watched): Promise<void> {
  const caller = callerOf(emptied, await branchIdResolve(emptied.alias));
  if (!caller) return;
  lastReported = null;
  try {
    await customerSessionRequest('/abandoned/cart/cancel/', {
      method: 'PUT',
      body: { ...caller.fields, navigationEvent: 'cart-emptied' },
    });
  } catch {
    // Lost: the server settles a cart that became an order by itself, and a stale cart's message
    // still shows today's menu.
  }
}

/**
 * The cart changed (called by `cart-logic.ts` on every change): remembered for
 * the next leave; emptied, its open cart is canceled.
 */
export function abandonedCartObserve(alias: string | null, cart: Cart | null): void {
  const before = watched;
  watched = alias && cart ? { alias, cart } : null;
  if (watched) void branchIdResolve(watched.alias);
  const emptied =
    before !== null &&
    before.cart.items.length > 0 &&
    (watched === null || (watched.alias === before.alias && watched.cart.items.length === 0));
  if (emptied) void cancel(before);
}

addEventListener('pagehide', () => leave('pagehide'));
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') leave('visibilitychange');
});
