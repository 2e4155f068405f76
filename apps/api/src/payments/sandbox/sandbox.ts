/**
 * The sandbox payment provider: an outside provider played by the API itself,
 * the default (`PAYMENTS_PROVIDER=sandbox`) so a new install takes card
 * payments offline. It behaves like the real ones where it matters:
 *
 * - The browser tokenizes a card (`POST /api/sandbox/card_tokens`); the server
 *   pays with the token, never with card data. Tokens pay once.
 * - Payments are asynchronous: created `in_process` (or `pending` for the slow
 *   card), decided after a delay, then NOTIFIED to our notification handler —
 *   the same function the Mercado Pago webhook route calls, with a signed
 *   `x-signature` — which fetches the status before believing it.
 * - A repeated create with the same idempotency key answers the first payment.
 * - Hosted pages: a checkout link page, and a Webpay-style form reached by
 *   POSTing `token_ws`, returning to the merchant with `token_ws` (paid or
 *   declined), `TBK_TOKEN` (aborted) or only `TBK_ORDEN_COMPRA` +
 *   `TBK_ID_SESION` (timed out); a transaction commits once.
 *
 * Test cards (any future expiry, CVV of 3–4 digits):
 * 4509 9535 6623 3704 approves, 4000 0000 0000 0002 declines,
 * 4000 0000 0000 0036 stays pending, then approves.
 *
 * The sandbox runs on real time (`Date.now()`), not the API's clock: it is
 * another system, and tests that pin the API's clock still see it decide.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { cardExpiryValid, cardNumberValid } from '@comanda/domain/card';
import { checkoutMessages } from '@comanda/domain/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { sandboxCardTokens, sandboxPayments } from '../../db/schema/sandbox';
import { HttpError } from '../../lib/http-error';
import { mercadoPagoNotificationVerify } from '../mercadopago';
import {
  type CardPaymentRequest,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentProvider,
  type PaymentStatus,
  ProviderError,
  type ProviderPayment,
  type RedirectResult,
} from '../provider';
import { sandboxMessages } from './messages';
import type { SandboxNotifier } from './notifier';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
type Outcome = 'APPROVE' | 'DECLINE' | 'PENDING';

/** The sandbox's test cards: what each one does. Every other number is refused. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, { outcome: Outcome; paymentMethodId: string }>> = {
  '4509953566233704': { outcome: 'APPROVE', paymentMethodId: 'visa' },
  '4000000000000002': { outcome: 'DECLINE', paymentMethodId: 'visa' },
  '4000000000000036': { outcome: 'PENDING', paymentMethodId: 'visa' },
};

/** How long a card token may be used (as Mercado Pago's: 7 days). */
const TOKEN_TTL_MS = 7 * 24 * 3_600_000;
/** How long the Webpay-style form waits for the diner (as Webpay's: 10 minutes). */
export const SANDBOX_FORM_TIMEOUT_MS = 10 * 60_000;

/** The card form's fields as the tokenization endpoint takes them. */
export interface SandboxCardInput {
  cardNumber: string;
  cardholderName: string;
  /** `MM/AA` (or `MM/AAAA`). */
  cardExpiry: string;
  securityCode: string;
  identificationType?: string | undefined;
  identificationNumber?: string | undefined;
}

/** A card token as the endpoint answers it (no card data beyond the last four digits). */
export interface SandboxCardToken {
  id: string;
  paymentMethodId: string;
  lastFourDigits: string;
  expiresAt: string;
}

/** What the sandbox needs from the app. */
export interface SandboxOptions {
  db: Db;
  /** Base of the hosted pages' URLs (`config.publicUrl`). */
  publicUrl: string;
  decisionMs: number;
  pendingMs: number;
  notifier: SandboxNotifier;
  /** Key of the notifications' `x-signature` (per process: the sandbox only notifies in-process). */
  webhookSecret: string;
}

/** The sandbox: its provider adapter plus what its hosted pages and tokenization endpoint call. */
export interface Sandbox {
  provider: PaymentProvider;
  tokenize(input: SandboxCardInput): Promise<SandboxCardToken>;
  /** A link as its hosted page shows it; undefined when unknown. */
  linkFind(id: string): Promise<SandboxPaymentRow | undefined>;
  /** Pays a link with a card token; answers where to send the diner. */
  linkPay(id: string, cardToken: string): Promise<{ status: string; redirectUrl: string }>;
  /** A Webpay-style transaction as its form shows it. */
  redirectFind(token: string): Promise<SandboxPaymentRow | undefined>;
  /** The diner paid on the form; answers the return URL with `token_ws` (or the timeout's parameters). */
  redirectPay(token: string, cardToken: string): Promise<{ redirectUrl: string }>;
  /** The diner pressed 'Anular compra'; answers the return URL with `TBK_TOKEN`. */
  redirectAbort(token: string): Promise<{ redirectUrl: string }>;
}

const refuse = (message: string, status = 400) => new ProviderError('SANDBOX', 'NOT_DONE', message, status);

/** Makes the sandbox of one app. */
export function sandboxCreate(options: SandboxOptions): Sandbox {
  const { db } = options;
  const now = () => Date.now();

  /** Takes a card token for one payment inside `tx`, or refuses it. */
  async function tokenConsume(tx: Queryable, tokenId: string, paymentMethodId: string | null, at: number) {
    const [token] = await tx
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.id, tokenId))
      .for('update');
    if (!token || token.usedAt || token.expiresAt.getTime() < at) throw refuse('invalid or used card token');
    if (paymentMethodId !== null && paymentMethodId !== token.paymentMethodId) {
      throw refuse('payment_method_id does not match the card');
    }
    await tx
      .update(sandboxCardTokens)
      .set({ usedAt: new Date(at) })
      .where(eq(sandboxCardTokens.id, tokenId));
    return token;
  }

  /** Decides a payment whose time has come (the provider's side of asynchrony). */
  async function decideIfDue(row: SandboxPaymentRow, at: number): Promise<SandboxPaymentRow> {
    if (!row.decideAt || row.decideAt.getTime() > at) return row;
    if (row.kind === 'CARD' && (row.status === 'in_process' || row.status === 'pending')) {
      const status = row.outcome === 'DECLINE' ? 'rejected' : 'approved';
      const [decided] = await db
        .update(sandboxPayments)
        .set({ status, updatedAt: new Date(at) })
        .where(
          and(eq(sandboxPayments.id, row.id), inArray(sandboxPayments.status, ['in_process', 'pending'])),
        )
        .returning();
      if (decided && status === 'approved' && decided.linkId) {
        await db
          .update(sandboxPayments)
          .set({ status: 'closed', updatedAt: new Date(at) })
          .where(eq(sandboxPayments.id, decided.linkId));
      }
      return decided ?? (await rowFind(row.id)) ?? row;
    }
    if (row.kind === 'REDIRECT' && row.status === 'PENDING') {
      const [decided] = await db
        .update(sandboxPayments)
        .set({ status: 'AUTHORIZED', updatedAt: new Date(at) })
        .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, 'PENDING')))
        .returning();
      return decided ?? (await rowFind(row.id)) ?? row;
    }
    return row;
  }

  async function rowFind(id: string): Promise<SandboxPaymentRow | undefined> {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row;
  }

  function cardStatus(status: string): PaymentStatus {
    if (status === 'approved') return 'APPROVED';
    if (status === 'rejected') return 'REJECTED';
    return 'PROCESSING';
  }

  function redirectResultOf(row: SandboxPaymentRow): RedirectResult {
    const committed = row.committedAt !== null;
    const status: PaymentStatus = !committed
      ? row.status === 'ABORTED'
        ? 'CANCELED'
        : 'PENDING'
      : row.status === 'AUTHORIZED'
        ? 'APPROVED'
        : row.status === 'FAILED'
          ? 'REJECTED'
          : 'PROCESSING';
    return {
      status,
      providerStatus: row.status,
      amountMajor: row.amount,
      buyOrder: row.externalReference,
      committed,
      authorizationCode: row.status === 'AUTHORIZED' ? row.id.slice(0, 6).toUpperCase() : null,
      lastFourDigits: row.lastFourDigits,
      responseCode: row.status === 'AUTHORIZED' ? 0 : row.status === 'FAILED' ? -1 : null,
    };
  }

  function paymentOf(row: SandboxPaymentRow): ProviderPayment {
    const status = row.kind === 'REDIRECT' ? redirectResultOf(row).status : cardStatus(row.status);
    return {
      id: row.id,
      status,
      providerStatus: row.status,
      amountMajor: row.amount,
      currency: null,
      externalReference: row.externalReference,
      paymentMethodId: row.paymentMethodId,
      lastFourDigits: row.lastFourDigits,
    };
  }

  /** Creates a CARD payment from a consumed token; the decision is due after the card's delay. */
  async function cardPaymentInsert(
    tx: Queryable,
    values: {
      token: Awaited<ReturnType<typeof tokenConsume>>;
      amountMajor: number;
      idempotencyKey: string | null;
      externalReference: string | null;
      description: string | null;
      linkId: string | null;
      at: number;
    },
  ): Promise<SandboxPaymentRow> {
    const pending = values.token.outcome === 'PENDING';
    const decideAt = new Date(values.at + (pending ? options.pendingMs : options.decisionMs));
    const [row] = await tx
      .insert(sandboxPayments)
      .values({
        id: String(randomInt(10_000_000_000, 99_999_999_999)),
        kind: 'CARD',
        status: pending ? 'pending' : 'in_process',
        amount: values.amountMajor,
        idempotencyKey: values.idempotencyKey,
        externalReference: values.externalReference,
        description: values.description,
        linkId: values.linkId,
        outcome: values.token.outcome,
        paymentMethodId: values.token.paymentMethodId,
        lastFourDigits: values.token.lastFourDigits,
        decideAt,
        notifyAt: decideAt,
        createdAt: new Date(values.at),
        updatedAt: new Date(values.at),
      })
      .returning();
    if (!row) throw new Error('sandbox payment insert returned nothing');
    return row;
  }

  const provider: PaymentProvider = {
    name: 'SANDBOX',

    async cardPay(request: CardPaymentRequest): Promise<ProviderPayment> {
      if (!(request.amountMajor > 0)) throw refuse('transaction_amount must be positive');
      const at = now();
      const row = await db.transaction(async (tx) => {
        // The token's lock first: a concurrent create with the same key waits here, then finds the first payment.
        const [token] = await tx
          .select({ id: sandboxCardTokens.id })
          .from(sandboxCardTokens)
          .where(eq(sandboxCardTokens.id, request.token))
          .for('update');
        const [existing] = await tx
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey))
          .limit(1);
        if (existing) return existing;
        if (!token) throw refuse('invalid or used card token');
        const consumed = await tokenConsume(tx, request.token, request.paymentMethodId, at);
        return cardPaymentInsert(tx, {
          token: consumed,
          amountMajor: request.amountMajor,
          idempotencyKey: request.idempotencyKey,
          externalReference: request.externalReference,
          description: request.description,
          linkId: null,
          at,
        });
      });
      if (row.notifyAt) options.notifier.schedule(row.notifyAt.getTime());
      return paymentOf(row);
    },

    async paymentGet(id: string): Promise<ProviderPayment> {
      const row = await rowFind(id);
      if (!row || row.kind === 'LINK') throw refuse('payment not found', 404);
      return paymentOf(await decideIfDue(row, now()));
    },

    async linkCreate(request: PaymentLinkRequest): Promise<PaymentLink> {
      const at = now();
      const [existing] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey))
        .limit(1);
      const row =
        existing ??
        (
          await db
            .insert(sandboxPayments)
            .values({
              id: `lnk${randomBytes(12).toString('hex')}`,
              kind: 'LINK',
              status: 'open',
              amount: request.amountMajor,
              idempotencyKey: request.idempotencyKey,
              externalReference: request.externalReference,
              description: request.title,
              returnUrl: request.backUrl,
              expiresAt: new Date(request.expiresAt),
              detail: { currency: request.currency },
              createdAt: new Date(at),
              updatedAt: new Date(at),
            })
            .onConflictDoNothing()
            .returning()
        )[0] ??
        (
          await db
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey))
        )[0];
      if (!row) throw new Error('sandbox link insert returned nothing');
      return { id: row.id, url: `${options.publicUrl}/api/sandbox/checkout/${row.id}` };
    },

    redirect: {
      async start(request) {
        const at = now();
        const token = randomBytes(32).toString('hex');
        await db.insert(sandboxPayments).values({
          id: token,
          kind: 'REDIRECT',
          status: 'INITIALIZED',
          amount: request.amountMajor,
          externalReference: request.buyOrder,
          returnUrl: request.returnUrl,
          detail: { sessionId: request.sessionId },
          createdAt: new Date(at),
          updatedAt: new Date(at),
        });
        return { token, url: `${options.publicUrl}/api/sandbox/webpay/form` };
      },

      async commit(token: string): Promise<RedirectResult> {
        const at = now();
        const row = await db.transaction(async (tx) => {
          const [found] = await tx
            .select()
            .from(sandboxPayments)
            .where(and(eq(sandboxPayments.id, token), eq(sandboxPayments.kind, 'REDIRECT')))
            .for('update');
          if (!found) throw refuse('transaction not found', 404);
          if (found.committedAt) throw refuse('transaction already committed', 422);
          if (found.status === 'INITIALIZED' || found.status === 'ABORTED') {
            throw refuse(`transaction cannot be committed in status ${found.status}`, 422);
          }
          const pendingLater = found.status === 'PENDING' && found.decideAt !== null;
          const [committed] = await tx
            .update(sandboxPayments)
            .set({
              committedAt: new Date(at),
              // The slow card is decided after the commit; its result is notified then.
              ...(pendingLater ? { notifyAt: new Date(Math.max(at, found.decideAt?.getTime() ?? at)) } : {}),
              updatedAt: new Date(at),
            })
            .where(eq(sandboxPayments.id, token))
            .returning();
          return committed ?? found;
        });
        if (row.notifyAt) options.notifier.schedule(row.notifyAt.getTime());
        return redirectResultOf(row);
      },

      async status(token: string): Promise<RedirectResult> {
        const row = await rowFind(token);
        if (row?.kind !== 'REDIRECT') throw refuse('transaction not found', 404);
        return redirectResultOf(await decideIfDue(row, now()));
      },
    },

    notificationVerify(input) {
      return mercadoPagoNotificationVerify(input, options.webhookSecret);
    },
  };

  return {
    provider,

    async tokenize(input: SandboxCardInput): Promise<SandboxCardToken> {
      const at = now();
      const fields: Record<string, string> = {};
      const digits = input.cardNumber.replace(/[\s-]/g, '');
      const card = SANDBOX_TEST_CARDS[digits];
      if (!cardNumberValid(digits)) fields.cardNumber = sandboxMessages.cardNumberInvalid;
      else if (!card) fields.cardNumber = sandboxMessages.cardNotTest;
      if (input.cardholderName.trim() === '') fields.cardholderName = checkoutMessages.fieldIncomplete;
      const expiry = input.cardExpiry.trim().replace(/^(\d{2})\s*\/\s*\d{2}(\d{2})$/, '$1/$2');
      if (!cardExpiryValid(expiry, at, 'UTC')) fields.cardExpiry = sandboxMessages.expiryInvalid;
      if (!/^\d{3,4}$/.test(input.securityCode.trim()))
        fields.securityCode = sandboxMessages.securityCodeInvalid;
      const first = Object.values(fields)[0];
      if (first || !card) throw new HttpError(400, first ?? sandboxMessages.cardNotTest, fields);
      const [row] = await db
        .insert(sandboxCardTokens)
        .values({
          id: randomBytes(16).toString('hex'),
          outcome: card.outcome,
          paymentMethodId: card.paymentMethodId,
          lastFourDigits: digits.slice(-4),
          expiresAt: new Date(at + TOKEN_TTL_MS),
          createdAt: new Date(at),
        })
        .returning();
      if (!row) throw new Error('sandbox token insert returned nothing');
      return {
        id: row.id,
        paymentMethodId: row.paymentMethodId,
        lastFourDigits: row.lastFourDigits,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async linkFind(id: string) {
      const row = await rowFind(id);
      return row?.kind === 'LINK' ? row : undefined;
    },

    async linkPay(id: string, cardToken: string) {
      const at = now();
      const payment = await db.transaction(async (tx) => {
        const [link] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, 'LINK')))
          .for('update');
        if (!link) throw new HttpError(404, sandboxMessages.linkUnknown);
        if (link.status !== 'open') throw new HttpError(409, sandboxMessages.linkPaid);
        if (link.expiresAt && link.expiresAt.getTime() < at)
          throw new HttpError(409, sandboxMessages.linkExpired);
        const attempts = await tx
          .select({ id: sandboxPayments.id })
          .from(sandboxPayments)
          .where(
            and(eq(sandboxPayments.linkId, id), inArray(sandboxPayments.status, ['in_process', 'pending'])),
          );
        if (attempts.length > 0) throw new HttpError(409, sandboxMessages.linkAttemptPending);
        let token: Awaited<ReturnType<typeof tokenConsume>>;
        try {
          token = await tokenConsume(tx, cardToken, null, at);
        } catch {
          throw new HttpError(400, sandboxMessages.tokenInvalid, { token: sandboxMessages.tokenInvalid });
        }
        const row = await cardPaymentInsert(tx, {
          token,
          amountMajor: link.amount,
          idempotencyKey: null,
          externalReference: link.externalReference,
          description: link.description,
          linkId: link.id,
          at,
        });
        return { row, returnUrl: link.returnUrl ?? options.publicUrl };
      });
      if (payment.row.notifyAt) options.notifier.schedule(payment.row.notifyAt.getTime());
      return { status: payment.row.status, redirectUrl: payment.returnUrl };
    },

    async redirectFind(token: string) {
      const row = await rowFind(token);
      return row?.kind === 'REDIRECT' ? row : undefined;
    },

    async redirectPay(token: string, cardToken: string) {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, token), eq(sandboxPayments.kind, 'REDIRECT')))
          .for('update');
        if (!row) throw new HttpError(404, sandboxMessages.transactionUnknown);
        if (row.status !== 'INITIALIZED') throw new HttpError(409, sandboxMessages.transactionClosed);
        const sessionId = String(row.detail.sessionId ?? '');
        if (at - row.createdAt.getTime() > SANDBOX_FORM_TIMEOUT_MS) {
          // As Webpay: after the form's time-out the diner returns with the order and session only.
          await tx
            .update(sandboxPayments)
            .set({ status: 'ABORTED', updatedAt: new Date(at) })
            .where(eq(sandboxPayments.id, token));
          return {
            redirectUrl: withQuery(row.returnUrl ?? '', {
              TBK_ORDEN_COMPRA: row.externalReference ?? '',
              TBK_ID_SESION: sessionId,
            }),
          };
        }
        let card: Awaited<ReturnType<typeof tokenConsume>>;
        try {
          card = await tokenConsume(tx, cardToken, null, at);
        } catch {
          throw new HttpError(400, sandboxMessages.tokenInvalid, { token: sandboxMessages.tokenInvalid });
        }
        const status =
          card.outcome === 'APPROVE' ? 'AUTHORIZED' : card.outcome === 'DECLINE' ? 'FAILED' : 'PENDING';
        await tx
          .update(sandboxPayments)
          .set({
            status,
            outcome: card.outcome,
            paymentMethodId: card.paymentMethodId,
            lastFourDigits: card.lastFourDigits,
            decideAt: card.outcome === 'PENDING' ? new Date(at + options.pendingMs) : null,
            updatedAt: new Date(at),
          })
          .where(eq(sandboxPayments.id, token));
        return { redirectUrl: withQuery(row.returnUrl ?? '', { token_ws: token }) };
      });
    },

    async redirectAbort(token: string) {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.id, token), eq(sandboxPayments.kind, 'REDIRECT')))
          .for('update');
        if (!row) throw new HttpError(404, sandboxMessages.transactionUnknown);
        if (row.status !== 'INITIALIZED') throw new HttpError(409, sandboxMessages.transactionClosed);
        await tx
          .update(sandboxPayments)
          .set({ status: 'ABORTED', updatedAt: new Date(at) })
          .where(eq(sandboxPayments.id, token));
        return {
          redirectUrl: withQuery(row.returnUrl ?? '', {
            TBK_TOKEN: token,
            TBK_ORDEN_COMPRA: row.externalReference ?? '',
            TBK_ID_SESION: String(row.detail.sessionId ?? ''),
          }),
        };
      });
    },
  };
}

/** A URL with query parameters added. */
export function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
