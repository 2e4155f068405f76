/**
 * The abandoned-cart job (ADR 028), one pass per tick of every API process:
 *
 * 1. Due OPEN carts are read a batch at a time, their location and menu looked
 *    up through the placement caches, then locked in one transaction (`for
 *    update skip locked`, still OPEN and due): for each locked cart,
 *    packages/domain's `abandonedCartStep` decides from the facts —
 *    an order since the diner left, opt-in, the location open now (not blocked
 *    or closed by hand, the cart's mode within its hours), the last message to
 *    the phone, what the menu still prices. SEND moves the cart OPEN →
 *    NOTIFIED (conditional on OPEN) and writes its WhatsApp message to the
 *    outbox in the same transaction, so two runners never send a cart twice;
 *    WAIT (closed) pushes the cart back so waiting carts never hold up others.
 * 2. Messaged carts whose phone ordered at the location since are settled
 *    RECOVERED (the link was opened first) or ORDERED.
 */
import { randomBytes } from 'node:crypto';
import {
  ABANDONED_CART_LINK_DAYS,
  abandonedCartMessageText,
  abandonedCartRecoveryUrl,
  abandonedCartStep,
} from '@comanda/domain/abandoned-cart';
import { pricingCompute } from '@comanda/domain/pricing';
import type { Country, Schedule } from '@comanda/domain/types';
import type { Db, Queryable } from '../db/client';
import { countryPresent, schedulesPresent } from '../presenters/tenant-presenter';
import {
  type AbandonedCartRow,
  abandonedCartFirstOrder,
  abandonedCartLastMessagedAt,
  abandonedCartMove,
  abandonedCartOptedIn,
  abandonedCartsDue,
  abandonedCartsDueLock,
  abandonedCartsNotifiedWithOrder,
} from '../repositories/abandoned-cart-repository';
import { outboxInsert } from '../repositories/outbox-repository';
import {
  type AbandonedCartItem,
  abandonedCartSettleIfOrdered,
  abandonedCartTokenHash,
} from './abandoned-cart-service';
import { orderMenuGet, orderModeOpenNow, placementContextGet } from './order-context';
import { cartItemFromPayload } from './order-placement-prepare';

/** Carts decided per transaction. */
export const ABANDONED_CART_BATCH = 20;
/** (decision) How long a due cart of a closed location waits before it is looked at again. */
export const ABANDONED_CART_CLOSED_RETRY_MS = 5 * 60_000;

/** What one pass did. */
export interface AbandonedCartPass {
  /** Messages written to the outbox. */
  notified: number;
  /** Carts closed without a message (EXPIRED) or settled by an order. */
  settled: number;
  /** Due carts put back because their location is closed. */
  waiting: number;
}

interface JobDeps {
  db: Db;
  now: number;
  publicUrl: string;
}

/** The location, its cart's mode open now, and the lines the menu still prices with their subtotal. */
async function cartSurroundings(db: Queryable, cart: AbandonedCartRow, now: number) {
  const placement = await placementContextGet(db, cart.branchContactId, cart.orderModeId ?? 0);
  const context = placement?.context;
  const mode = context?.orderMode;
  if (!context || !mode) return undefined;
  const country = countryPresent(context.country) as Country;
  const timeZone = context.branchContact.timezone ?? country.timezone;
  const schedules = schedulesPresent(mode.schedules) as Schedule[];
  const open =
    !context.branchContact.blocked &&
    !context.branchContact.manualClosing &&
    mode.active &&
    mode.orderEnabled &&
    orderModeOpenNow(
      db,
      { id: mode.id, schedules, specialDays: mode.specialDays },
      { contentVersion: context.company.contentVersion, timeZone, now },
    );
  const menu = await orderMenuGet(db, {
    orderModeId: mode.id,
    branchContactId: cart.branchContactId,
    menuId: mode.menuId,
    companyId: context.company.id,
    contentVersion: context.company.contentVersion,
    mantissaLength: country.mantissaLength,
  });
  const items = (cart.items as AbandonedCartItem[]).map((item) => cartItemFromPayload(item, menu));
  const breakdown = pricingCompute({ items, menu, orderModeType: mode.type, at: now, timeZone, country });
  const lines = breakdown.lines.map((line) => ({
    quantity: line.quantity,
    name: items[line.index]?.name ?? '',
  }));
  return { context, country, open, lines, subtotal: breakdown.productsAmount };
}

type Surroundings = Awaited<ReturnType<typeof cartSurroundings>>;

/** Decides one locked OPEN cart inside the pass's transaction. */
async function cartDecide(
  tx: Queryable,
  deps: JobDeps,
  cart: AbandonedCartRow,
  surroundings: Surroundings,
  pass: AbandonedCartPass,
) {
  const now = new Date(deps.now);
  const phone = cart.phone ?? '';
  const order = await abandonedCartFirstOrder(tx, cart, cart.leftAt);
  const lastMessagedAt = await abandonedCartLastMessagedAt(tx, cart.branchContactId, phone);
  const step = abandonedCartStep({
    now: deps.now,
    leftAt: cart.leftAt.getTime(),
    notifyAfter: cart.notifyAfter?.getTime() ?? deps.now,
    orderedSince: order !== undefined,
    optedIn: phone !== '' && (await abandonedCartOptedIn(tx, cart.companyId, phone)),
    locationOpen: surroundings?.open ?? false,
    lastMessagedAt: lastMessagedAt?.getTime() ?? null,
    restorableLines: surroundings?.lines.length ?? 0,
  });
  if (step.kind === 'ORDERED') {
    if (await abandonedCartSettleIfOrdered(tx, cart, deps.now)) pass.settled++;
    return;
  }
  if (step.kind === 'WAIT') {
    await abandonedCartMove(tx, cart.id, 'OPEN', {
      notifyAfter: new Date(deps.now + ABANDONED_CART_CLOSED_RETRY_MS),
      updatedAt: now,
    });
    pass.waiting++;
    return;
  }
  if (step.kind === 'SKIP' || !surroundings) {
    const reason = step.kind === 'SKIP' ? step.reason : 'NOTHING_TO_RESTORE';
    const moved = await abandonedCartMove(tx, cart.id, 'OPEN', {
      status: 'EXPIRED',
      skipReason: reason,
      settledAt: now,
      updatedAt: now,
    });
    if (moved) pass.settled++;
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const moved = await abandonedCartMove(tx, cart.id, 'OPEN', {
    status: 'NOTIFIED',
    notifiedAt: now,
    recoveryTokenHash: abandonedCartTokenHash(token),
    itemsAmount: surroundings.subtotal,
    updatedAt: now,
  });
  if (!moved) return;
  const { branchContact } = surroundings.context;
  await outboxInsert(tx, {
    companyId: cart.companyId,
    branchContactId: cart.branchContactId,
    channel: 'WHATSAPP',
    kind: 'ABANDONED_CART',
    toPhone: phone,
    body: abandonedCartMessageText({
      venueName: branchContact.name,
      lines: surroundings.lines,
      subtotal: surroundings.subtotal,
      country: surroundings.country,
      url: abandonedCartRecoveryUrl({ publicUrl: deps.publicUrl, alias: branchContact.alias, phone, token }),
    }),
    status: 'PENDING',
    createdAt: now,
  });
  pass.notified++;
}

/** One pass of the job; answers what it did (the outbox sender delivers the messages). */
export async function abandonedCartsRunOnce(deps: JobDeps): Promise<AbandonedCartPass> {
  const pass: AbandonedCartPass = { notified: 0, settled: 0, waiting: 0 };
  // A full batch may mean more are due: a few more batches, bounded so a tick stays short.
  for (let round = 0; round < 5; round++) {
    const due = await abandonedCartsDue(deps.db, new Date(deps.now), ABANDONED_CART_BATCH);
    // Outside the transaction: the placement and menu caches are keyed by the database (PGlite's one
    // connection would also wait on itself if a cache read went through `db` inside it).
    const around = new Map<number, Surroundings>();
    for (const cart of due) around.set(cart.id, await cartSurroundings(deps.db, cart, deps.now));
    await deps.db.transaction(async (tx) => {
      const locked = await abandonedCartsDueLock(
        tx,
        due.map((cart) => cart.id),
        new Date(deps.now),
      );
      for (const cart of locked) await cartDecide(tx, deps, cart, around.get(cart.id), pass);
    });
    if (due.length < ABANDONED_CART_BATCH) break;
  }
  const since = new Date(deps.now - ABANDONED_CART_LINK_DAYS * 24 * 3_600_000);
  for (const cart of await abandonedCartsNotifiedWithOrder(deps.db, since, 100)) {
    if (await abandonedCartSettleIfOrdered(deps.db, cart, deps.now)) pass.settled++;
  }
  return pass;
}
