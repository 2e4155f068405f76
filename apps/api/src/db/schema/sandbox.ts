/**
 * The sandbox payment provider's own storage (apps/api/src/payments/sandbox).
 * The sandbox plays an outside provider served by the API itself, so it keeps
 * its state apart from ours: `payments` rows point at these through their
 * provider reference exactly as they point at Mercado Pago or Webpay objects.
 * Rows live in the database (not in memory) so that any API process can
 * answer a status query or deliver a due notification, and a restart loses
 * nothing.
 */
import { index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';

/** Card tokens made by the sandbox's tokenization endpoint: single use, short lived, no card number kept. */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  id: text().primaryKey(),
  /** What a payment with this card does: decided by the test card number. */
  outcome: text({ enum: ['APPROVE', 'DECLINE', 'PENDING'] }).notNull(),
  paymentMethodId: text().notNull(),
  lastFourDigits: text().notNull(),
  expiresAt: instant().notNull(),
  /** Set when a payment consumed the token; a token pays once. */
  usedAt: instant(),
  createdAt: createdAt(),
});

/**
 * Sandbox objects: a CARD payment (from a token), a LINK (a checkout
 * preference paid on the hosted page; each attempt creates a CARD payment), or a
 * REDIRECT transaction (the Webpay-style create → form → return → commit flow).
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text().primaryKey(),
    kind: text({ enum: ['CARD', 'LINK', 'REDIRECT'] }).notNull(),
    /**
     * CARD: in_process, pending, approved, rejected. LINK: open, closed.
     * REDIRECT: INITIALIZED, AUTHORIZED, FAILED, ABORTED, PENDING (sandbox-only: the slow test card).
     */
    status: text().notNull(),
    /** Major units, as providers speak. */
    amount: numeric({ precision: 18, scale: 4, mode: 'number' }).notNull(),
    /** The caller's `X-Idempotency-Key`: a second create with it answers the first object. */
    idempotencyKey: text().unique(),
    externalReference: text(),
    description: text(),
    /** LINK: where the hosted page sends the diner back. REDIRECT: the merchant's return URL. */
    returnUrl: text(),
    /** CARD payments made from a LINK. */
    linkId: text(),
    outcome: text({ enum: ['APPROVE', 'DECLINE', 'PENDING'] }),
    paymentMethodId: text(),
    lastFourDigits: text(),
    /** When the result of an in-process payment is decided (provider time, not the API's pinned clock). */
    decideAt: instant(),
    /** REDIRECT: when the merchant committed. */
    committedAt: instant(),
    /** LINK: no payment after this instant. */
    expiresAt: instant(),
    /** Next notification attempt; null when nothing is due. */
    notifyAt: instant(),
    notifyAttempts: integer().notNull().default(0),
    notifiedAt: instant(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.notifyAt), index().on(t.linkId)],
);
