/**
 * Abandoned-cart recovery (ordering §1 "Cart-abandonment notifications are
 * sent when a customer with a phone number leaves with items in the cart",
 * §2 "Abandoned-cart recovery navigates to {alias}/preview", the `abandoned`
 * query). The spec names the feature, not its rules: every rule and text here
 * is ours (ADR 028).
 *
 * A signed-in diner who leaves with items leaves one OPEN cart per location and
 * phone; a newer leave replaces its items and pushes the time it is due. When
 * due, the cart gets ONE WhatsApp message — only to a customer who opted in,
 * only while the location is open — or is closed without one. An order placed
 * afterwards by the same phone at the same location settles the cart: RECOVERED
 * when the diner came back through the message's link, ORDERED otherwise.
 */
import { type Minor, type MoneyCountry, moneyFormat } from './money';

/** Every state of a cart. EXPIRED: due, but closed without a message (see `abandonedCartSkipReason`). */
export const ABANDONED_CART_STATUSES = [
  'OPEN',
  'NOTIFIED',
  'RECOVERED',
  'CANCELED',
  'ORDERED',
  'EXPIRED',
] as const;
export type AbandonedCartStatus = (typeof ABANDONED_CART_STATUSES)[number];

/** (decision) Minutes after the diner left before the message, unless the location sets its own. */
export const ABANDONED_CART_DEFAULT_DELAY_MINUTES = 30;
/** (decision) The shortest and longest delay a location may set. */
export const ABANDONED_CART_DELAY_MINUTES_MIN = 5;
export const ABANDONED_CART_DELAY_MINUTES_MAX = 24 * 60;

/**
 * (decision) A cart not messaged within this many hours of the diner leaving
 * (the location stayed closed) is closed without a message: tomorrow's lunch
 * reminder of last night's cart reads as spam.
 */
export const ABANDONED_CART_STALE_HOURS = 12;

/** (decision) At most one recovery message per phone and location in this many hours, whatever the carts. */
export const ABANDONED_CART_MESSAGE_GAP_HOURS = 24;

/** (decision) Days the message's link restores the cart and an order through it counts as recovered. */
export const ABANDONED_CART_LINK_DAYS = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** When a cart left at `leftAt` is due, with the location's delay (minutes). */
export function abandonedCartNotifyAfter(leftAt: number, delayMinutes: number): number {
  return leftAt + delayMinutes * 60_000;
}

/** Whether `minutes` is a delay a location may set. */
export function abandonedCartDelayValid(minutes: number): boolean {
  return (
    Number.isInteger(minutes) &&
    minutes >= ABANDONED_CART_DELAY_MINUTES_MIN &&
    minutes <= ABANDONED_CART_DELAY_MINUTES_MAX
  );
}

/** Why a due cart is closed without a message. */
export type AbandonedCartSkipReason =
  /** The customer never opted in to messages (or opted out since). */
  | 'NO_OPT_IN'
  /** The location stayed closed until the cart went stale. */
  | 'STALE'
  /** The phone already got a recovery message from this location in the last gap. */
  | 'RECENTLY_MESSAGED'
  /** Nothing in the cart is sold any more. */
  | 'NOTHING_TO_RESTORE';

/** What the job does with an OPEN cart now. */
export type AbandonedCartStep =
  | { kind: 'WAIT' }
  | { kind: 'SEND' }
  | { kind: 'SKIP'; reason: AbandonedCartSkipReason }
  /** An order by the phone at the location since the diner left: no message, the cart is settled. */
  | { kind: 'ORDERED' };

/** The facts about an OPEN cart the decision needs. */
export interface AbandonedCartFacts {
  now: number;
  /** Epoch ms of the diner's last leave. */
  leftAt: number;
  notifyAfter: number;
  /** An order by the phone at the location placed at or after `leftAt`. */
  orderedSince: boolean;
  optedIn: boolean;
  /** The location takes orders now: not blocked or closed by hand, and the cart's mode is within its hours. */
  locationOpen: boolean;
  /** Epoch ms of the last recovery message to this phone from this location, if any. */
  lastMessagedAt: number | null;
  /** Lines of the cart the menu still prices. */
  restorableLines: number;
}

/**
 * The next step for an OPEN cart. An order always wins (no message for a cart
 * that became an order); then nothing before the cart is due; then the reasons
 * never to message; then the location's hours, waiting while it is closed until
 * the cart goes stale.
 */
export function abandonedCartStep(facts: AbandonedCartFacts): AbandonedCartStep {
  if (facts.orderedSince) return { kind: 'ORDERED' };
  if (facts.now < facts.notifyAfter) return { kind: 'WAIT' };
  if (!facts.optedIn) return { kind: 'SKIP', reason: 'NO_OPT_IN' };
  if (facts.restorableLines === 0) return { kind: 'SKIP', reason: 'NOTHING_TO_RESTORE' };
  if (
    facts.lastMessagedAt !== null &&
    facts.now - facts.lastMessagedAt < ABANDONED_CART_MESSAGE_GAP_HOURS * HOUR_MS
  )
    return { kind: 'SKIP', reason: 'RECENTLY_MESSAGED' };
  if (facts.locationOpen) return { kind: 'SEND' };
  if (facts.now - facts.leftAt >= ABANDONED_CART_STALE_HOURS * HOUR_MS)
    return { kind: 'SKIP', reason: 'STALE' };
  return { kind: 'WAIT' };
}

/**
 * The status a cart settles in when the phone ordered at the location: RECOVERED
 * when the diner opened the message's link (within its days) and ordered after
 * that, ORDERED otherwise (the order came without the message's help).
 */
export function abandonedCartSettledStatus(cart: {
  notifiedAt: number | null;
  openedAt: number | null;
  orderedAt: number;
}): 'RECOVERED' | 'ORDERED' {
  const { notifiedAt, openedAt, orderedAt } = cart;
  if (notifiedAt === null || openedAt === null) return 'ORDERED';
  const withinLink = orderedAt - notifiedAt <= ABANDONED_CART_LINK_DAYS * DAY_MS;
  return withinLink && orderedAt >= openedAt ? 'RECOVERED' : 'ORDERED';
}

/** Whether the message's link still restores the cart (within ABANDONED_CART_LINK_DAYS of the message). */
export function abandonedCartLinkValid(notifiedAt: number | null, now: number): boolean {
  return notifiedAt !== null && now - notifiedAt <= ABANDONED_CART_LINK_DAYS * DAY_MS;
}

/**
 * The message's link: the location's cart page `/menu/{alias}/preview` with
 * the `abandoned` query that marks the return (ordering §2), the `phone` query
 * (ordering §2) and the one-time `cart` token that proves the link came in the
 * message (`GET /api/recovery/cart/{phone}/{branchContactId}?token=`).
 */
export function abandonedCartRecoveryUrl(input: {
  publicUrl: string;
  alias: string;
  phone: string;
  token: string;
}): string {
  const query = `abandoned=true&phone=${encodeURIComponent(input.phone)}&cart=${encodeURIComponent(input.token)}`;
  return `${input.publicUrl}/menu/${encodeURIComponent(input.alias)}/preview?${query}`;
}

/** (ours) The message's texts, in the storefront's tú (COPY.md: messages to diners). */
export const abandonedCartMessages = {
  opening: (venue: string) => `¡Hola! Dejaste tu pedido en ${venue} sin terminar:`,
  line: (quantity: number, name: string) => `${quantity} × ${name}`,
  more: (count: number) => (count === 1 ? 'y 1 producto más' : `y ${count} productos más`),
  subtotal: (amount: string) => `Subtotal: ${amount}`,
  link: (url: string) => `Retómalo aquí, a los precios de hoy: ${url}`,
} as const;

/** (decision) Lines listed in the message; the rest are counted. */
export const ABANDONED_CART_MESSAGE_LINES = 5;

/**
 * The WhatsApp text of a cart's message. Everything in it comes from the
 * server: the venue's name, the menu's names of the lines it still prices,
 * their subtotal at today's prices, and the link — never a word the sender
 * typed (notes are left out), so nobody can make a venue write to a phone.
 */
export function abandonedCartMessageText(input: {
  venueName: string;
  lines: readonly { quantity: number; name: string }[];
  subtotal: Minor;
  country: MoneyCountry;
  url: string;
}): string {
  const shown = input.lines.slice(0, ABANDONED_CART_MESSAGE_LINES);
  const rest = input.lines.length - shown.length;
  return [
    abandonedCartMessages.opening(input.venueName),
    ...shown.map((line) => abandonedCartMessages.line(line.quantity, line.name)),
    ...(rest > 0 ? [abandonedCartMessages.more(rest)] : []),
    abandonedCartMessages.subtotal(moneyFormat(input.subtotal, input.country)),
    abandonedCartMessages.link(input.url),
  ].join('\n');
}
