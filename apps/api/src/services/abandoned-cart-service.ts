/**
 * Abandoned carts as the storefront reports them (ordering §7, ADR 028):
 *
 * - `POST /api/abandoned/cart/` — a signed-in diner left with items: one OPEN
 *   cart per location and phone, replaced by a newer leave, due after the
 *   location's delay.
 * - `PUT /api/abandoned/cart/cancel/` — the order was placed or the cart
 *   emptied: the OPEN cart is settled (ORDERED when the phone ordered at the
 *   location since it left, CANCELED otherwise).
 * - `GET /api/recovery/cart/{phone}/{branchContactId}?token=` — the cart the
 *   message's link restores.
 *
 * Who may write a phone's cart: only the holder of a customer session for
 * that phone at the location's company (ADR 018). A beacon cannot carry
 * headers, so the token may also come in the body (`customerSession`). The
 * recovery read needs no session (the diner opens the link in WhatsApp's
 * browser): the link's random token, only hashed here, is the proof.
 */
import { createHash } from 'node:crypto';
import {
  abandonedCartLinkValid,
  abandonedCartNotifyAfter,
  abandonedCartSettledStatus,
} from '@comanda/domain/abandoned-cart';
import { sessionMessages } from '@comanda/domain/messages';
import { phoneToE164 } from '@comanda/domain/phone';
import type { Queryable } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import {
  type AbandonedCartRow,
  abandonedCartByToken,
  abandonedCartDelayOf,
  abandonedCartFirstOrder,
  abandonedCartMove,
  abandonedCartOpened,
  abandonedCartsLiveOf,
  abandonedCartUpsert,
} from '../repositories/abandoned-cart-repository';
import { placementContextFind } from '../repositories/order-placement-repository';
import type { OrderPayload } from '../schemas/order';
import { customerAuthMessages, customerSessionOf } from './customer-auth-service';

/** (ours) Refusals of the abandoned-cart routes, in the storefront's tú. */
export const abandonedCartMessages = {
  branchContactUnknown: (id: number) => `No existe el local ${id}`,
  branchMismatch: (branchId: number, branchContactId: number) =>
    `El local ${branchContactId} no pertenece a la sucursal ${branchId}`,
  orderModeUnknown: (id: number) => `El modo de pedido ${id} no está disponible en este local`,
  linkGone: 'Este enlace ya no está disponible',
} as const;

/** A cart line as stored and restored: what identifies it, nothing the menu decides (names, prices). */
export interface AbandonedCartItem {
  referenceId: number;
  sizeId?: number;
  quantity: number;
  notes?: string;
  extras?: { groupId: number; groupItems: { referenceId: number; quantity: number }[] }[];
}

/** What the beacon and the cancel carry (ordering §7), plus the session a beacon cannot put in a header. */
export interface AbandonedCartCaller {
  branchContactId: number;
  branchId: number;
  phone: string;
  /** The header's token, else the body's `customerSession`. */
  session: string | undefined;
}

const field = (name: string, message: string) => new HttpError(400, message, { [name]: message });

/** The sha256 of a recovery link's token, as stored. */
export function abandonedCartTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The location (its branch must be the one given, same company), the phone in
 * E.164, and the proof that the caller holds that phone: 400 per field, 401
 * without a session, 403 with another phone's or another company's.
 */
async function callerCheck(db: Queryable, caller: AbandonedCartCaller, orderModeId: number, now: number) {
  const found = await placementContextFind(db, caller.branchContactId, orderModeId);
  if (!found)
    throw field('branchContactId', abandonedCartMessages.branchContactUnknown(caller.branchContactId));
  if (found.branch.id !== caller.branchId)
    throw field('branchId', abandonedCartMessages.branchMismatch(caller.branchId, caller.branchContactId));
  const phone = phoneToE164(caller.phone, found.country.code.toLowerCase());
  if (!phone) throw field('phone', sessionMessages.phoneInvalid);
  const session = await customerSessionOf(db, caller.session, now);
  if (!session) throw new HttpError(401, customerAuthMessages.sessionRequired);
  if (session.companyId !== found.company.id || session.phone !== phone)
    throw new HttpError(403, customerAuthMessages.sessionOtherPhone);
  return { ...found, phone };
}

/** Only what identifies each line is kept: prices, names and discounts are the menu's when it is restored. */
function itemsStored(items: readonly OrderPayload['items'][number][]): AbandonedCartItem[] {
  return items.map((item) => ({
    referenceId: item.referenceId,
    ...(item.sizeId != null ? { sizeId: item.sizeId } : {}),
    quantity: item.quantity,
    ...(item.notes ? { notes: item.notes } : {}),
    ...(item.extras
      ? {
          extras: item.extras.map((group) => ({
            groupId: group.groupId,
            groupItems: group.groupItems.map((extra) => ({
              referenceId: extra.referenceId,
              quantity: extra.quantity,
            })),
          })),
        }
      : {}),
  }));
}

/** `POST /api/abandoned/cart/`: records (or replaces) the phone's OPEN cart at the location. */
export async function abandonedCartLeave(
  db: Queryable,
  input: AbandonedCartCaller & {
    orderModeId: number;
    items: OrderPayload['items'];
    email?: string | null | undefined;
    navigationEvent?: string | null | undefined;
    now: number;
    /** `config.abandonedCartDelaySeconds`: replaces the location's delay (tests and demos). */
    delaySeconds?: number | undefined;
  },
): Promise<AbandonedCartRow> {
  const found = await callerCheck(db, input, input.orderModeId, input.now);
  if (!found.orderMode?.active)
    throw field('orderModeId', abandonedCartMessages.orderModeUnknown(input.orderModeId));
  return abandonedCartUpsert(db, {
    companyId: found.company.id,
    branchId: found.branch.id,
    branchContactId: found.branchContact.id,
    orderModeId: found.orderMode.id,
    phone: found.phone,
    email: input.email?.trim() || null,
    items: itemsStored(input.items),
    navigationEvent: input.navigationEvent ?? null,
    leftAt: new Date(input.now),
    notifyAfter: new Date(await notifyAfterOf(db, found.branchContact.id, input.now, input.delaySeconds)),
  });
}

/**
 * When a cart left at `leftAt` is due: after the location's delay, or after
 * `delaySeconds` when the deployment sets ABANDONED_CART_DELAY_SECONDS (tests
 * and demos). The only place the setting applies: the job picks carts by their
 * `notify_after`, and the leave answers it.
 */
async function notifyAfterOf(
  db: Queryable,
  branchContactId: number,
  leftAt: number,
  delaySeconds: number | undefined,
): Promise<number> {
  if (delaySeconds !== undefined) return leftAt + delaySeconds * 1000;
  return abandonedCartNotifyAfter(leftAt, (await abandonedCartDelayOf(db, branchContactId)) ?? 0);
}

/**
 * Settles a live cart when the phone ordered at the location since the diner
 * left it (RECOVERED or ORDERED, the domain says which); answers the moved row,
 * or undefined when there was no such order (or someone else moved it first).
 */
export async function abandonedCartSettleIfOrdered(
  db: Queryable,
  cart: AbandonedCartRow,
  now: number,
): Promise<AbandonedCartRow | undefined> {
  const order = await abandonedCartFirstOrder(db, cart, cart.leftAt);
  if (!order) return undefined;
  const status = abandonedCartSettledStatus({
    notifiedAt: cart.notifiedAt?.getTime() ?? null,
    openedAt: cart.openedAt?.getTime() ?? null,
    orderedAt: order.createdAt.getTime(),
  });
  return abandonedCartMove(db, cart.id, cart.status, {
    status,
    orderId: order.id,
    settledAt: order.createdAt,
    updatedAt: new Date(now),
  });
}

/**
 * `PUT /api/abandoned/cart/cancel/`: the diner ordered or emptied the cart. A
 * live cart whose phone ordered since is settled by that order; an OPEN one
 * without an order is CANCELED (a messaged one stays NOTIFIED: the message was
 * sent, and an order through its link still counts). Answers the carts' new
 * statuses (empty when there was nothing to settle).
 */
export async function abandonedCartCancel(
  db: Queryable,
  input: AbandonedCartCaller & { navigationEvent?: string | null | undefined; now: number },
): Promise<AbandonedCartRow['status'][]> {
  const found = await callerCheck(db, input, 0, input.now);
  const settled: AbandonedCartRow['status'][] = [];
  for (const cart of await abandonedCartsLiveOf(db, found.branchContact.id, found.phone)) {
    const ordered = await abandonedCartSettleIfOrdered(db, cart, input.now);
    if (ordered) {
      settled.push(ordered.status);
      continue;
    }
    if (cart.status !== 'OPEN') continue;
    const canceled = await abandonedCartMove(db, cart.id, 'OPEN', {
      status: 'CANCELED',
      settledAt: new Date(input.now),
      navigationEvent: input.navigationEvent ?? cart.navigationEvent,
      updatedAt: new Date(input.now),
    });
    if (canceled) settled.push(canceled.status);
  }
  return settled;
}

/**
 * `GET /api/recovery/cart/{phone}/{branchContactId}?token=`: the order mode and
 * lines of the cart the message's link names, for the storefront to put back at
 * today's prices. 404 ('Este enlace ya no está disponible') for an unknown
 * token, another phone or location, a link past its days, or a cart that was
 * already turned into an order. The first read marks the cart opened: an order
 * after it counts as recovered.
 */
export async function abandonedCartRecoveryGet(
  db: Queryable,
  input: { phone: string; branchContactId: number; token: string; now: number },
): Promise<{ orderModeId: number | null; items: AbandonedCartItem[] }> {
  const gone = notFound(abandonedCartMessages.linkGone);
  const cart = await abandonedCartByToken(db, abandonedCartTokenHash(input.token));
  if (!cart || cart.branchContactId !== input.branchContactId || !cart.phone) throw gone;
  const found = await placementContextFind(db, cart.branchContactId, 0);
  const phone = found ? phoneToE164(input.phone, found.country.code.toLowerCase()) : null;
  if (phone !== cart.phone) throw gone;
  if (cart.status !== 'NOTIFIED' || !abandonedCartLinkValid(cart.notifiedAt?.getTime() ?? null, input.now))
    throw gone;
  if (!cart.openedAt) await abandonedCartOpened(db, cart.id, new Date(input.now));
  return { orderModeId: cart.orderModeId, items: cart.items as AbandonedCartItem[] };
}
