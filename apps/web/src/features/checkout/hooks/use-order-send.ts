/**
 * The send (ordering §2, §4; ADR 010, 014): the card is tokenized first, the
 * order is placed with one Idempotency-Key per attempt, a changed price (409)
 * is handed back to be confirmed, and the placed order hands off to the card
 * payment, the venue's WhatsApp message, the payment redirect or link, and the
 * follow-up page.
 */
import { cardMessages, checkoutMessages, orderErrorMessages } from '@comanda/domain/messages';
import { paymentTypeRedirects } from '@comanda/domain/payment-type';
import type { PaymentType } from '@comanda/domain/types';
import { type VenuePaymentState, venueWhatsAppLinkWithPayment } from '@comanda/domain/venue-message';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { analyticsTrack } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { type CardToken, CardTokenError, cardTokenCreate } from '../../../lib/card-token';
import { clientLogReport } from '../../../lib/client-log';
import { placedOrderRecord } from '../../../lib/placed-orders';
import { cartDiscard } from '../../../stores/cart-logic';
import type { ApiBranchContact, ApiOrderMode } from '../../../types/api';
import {
  type CardForm,
  cardPay,
  orderPaymentStatusGet,
  orderPlace,
  paymentLinkCreate,
  paymentRedirectStart,
} from '../api/checkout-api';
import { cardTokenFailureReport } from '../lib/card-token-report';
import { idempotencyKeyNew } from '../lib/order-payload';

/**
 * (ours) How long the checkout waits for the card provider's decision before
 * handing over to the follow-up page: the sandbox decides in about a second,
 * real providers within a few; a slower decision reaches the follow-up page
 * with the order's next update.
 */
const CARD_DECISION_WAIT_MS = 8_000;
const CARD_DECISION_POLL_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Pays the placed order with the card and waits (a bounded time) for the
 * provider's decision, reading the order as the server stored it.
 */
async function cardOutcome(
  card: CardForm,
  token: CardToken,
  orderCode: string,
  key: string,
): Promise<'PAID' | 'REJECTED' | 'PENDING' | 'FAILED'> {
  let first: Awaited<ReturnType<typeof cardPay>>;
  try {
    first = await cardPay(card, token, orderCode, key);
  } catch (error) {
    clientLogReport({ component: 'checkout/payment', error, payload: { step: 'card-payment' } });
    return 'FAILED';
  }
  if (first.status === 'APPROVED') return 'PAID';
  if (first.status !== 'PROCESSING') return 'REJECTED';
  const until = Date.now() + CARD_DECISION_WAIT_MS;
  while (Date.now() < until) {
    await sleep(CARD_DECISION_POLL_MS);
    try {
      const status = await orderPaymentStatusGet(orderCode);
      if (status === 'PAID') return 'PAID';
      if (status === 'REJECTED') return 'REJECTED';
    } catch {
      // A failed read is retried until the wait ends; the follow-up page reads it again anyway.
    }
  }
  return 'PENDING';
}

export interface OrderSend {
  payload: { price: number } & Record<string, unknown>;
  mode: ApiOrderMode;
  payment: PaymentType;
  /** The signed-in diner's session token, sent with the order (ADR 018). */
  customerSession: string | null;
  /** An external-loyalty user's token, sent as the bearer header (ADR 015). */
  partnerToken: string | null;
  /** The card form, when the payment type pays by card in the checkout. */
  card: CardForm | null;
  scheduledAt: number | null;
}

interface Callbacks {
  /** The provider refused the card's data: the fields it refused, with what to show. */
  onCardRefused: (fields: CardTokenError['fields']) => void;
  /** The server priced the order differently (409): its price, to be confirmed. */
  onPriceChanged: (price: number) => void;
  /** The server refused the order (400/401/422): return true when the screen showed it by a field. */
  onRefused?: (error: ApiError) => boolean;
}

export function useOrderSend(contact: ApiBranchContact, callbacks: Callbacks) {
  const navigate = useNavigate();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [paying, setPaying] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  async function send({
    payload,
    mode,
    payment,
    customerSession,
    partnerToken,
    card,
    scheduledAt,
  }: OrderSend) {
    // The card is tokenized first: a card its provider refuses must not leave an unpaid order behind.
    let cardToken: CardToken | null = null;
    if (card) {
      const tokenization = mode.paymentTypes.find((type) => String(type.id) === payment.id)?.cardTokenization;
      setSending(true);
      try {
        if (!tokenization) throw new CardTokenError('UNAVAILABLE', orderErrorMessages.paymentStartFailed);
        cardToken = await cardTokenCreate(tokenization, card);
      } catch (error) {
        setSending(false);
        void cardTokenFailureReport(contact, tokenization?.provider ?? null, error);
        if (error instanceof CardTokenError && error.reason === 'CARD') {
          callbacks.onCardRefused(error.fields);
          toast(error.message, 'error');
        } else toast(orderErrorMessages.paymentStartFailed, 'info');
        return;
      }
    }
    const body = JSON.stringify(payload);
    // One Idempotency-Key per attempt: the same order sent again (a retry) reuses it.
    if (attempt.current?.body !== body) attempt.current = { body, key: idempotencyKeyNew() };
    const key = attempt.current.key;
    analyticsTrack('PAY_ORDER', {
      branchContactId: contact.id,
      orderModeId: mode.id,
      payload: { paymentMethod: payment.paymentMethod, total: payload.price },
    });
    setSending(true);
    let placed: Awaited<ReturnType<typeof orderPlace>>;
    try {
      placed = await orderPlace(payload, key, { customerSession, partnerToken });
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 409) {
        const server = (error.body as { breakdown?: { price?: number } } | null)?.breakdown?.price;
        if (typeof server === 'number') {
          callbacks.onPriceChanged(server);
          return;
        }
      }
      if (error instanceof ApiError && callbacks.onRefused?.(error)) return;
      const fields = error instanceof ApiError ? Object.values(error.fields) : [];
      toast(fields.at(-1) ?? orderErrorMessages.sendFailed, 'error');
      return;
    }
    cartDiscard();
    // This browser placed it: the header's 'PEDIDO EN CURSO' offers it, whatever page the hand-off leaves for.
    placedOrderRecord({
      code: placed.code,
      alias: contact.alias,
      orderedAt: new Date().toISOString(),
      scheduledAt: scheduledAt !== null ? new Date(scheduledAt).toISOString() : null,
      status: placed.status,
    });
    const followUp = `/menu/${contact.alias}/order/${placed.code}`;
    // Without the orders console the venue learns of the order only from this message (ordering §4).
    const messaging = placed.handOff.kind === 'MESSAGING' ? placed.handOff : null;
    const messagingOpen = (state: VenuePaymentState | null) => {
      navigate(followUp);
      const url = messaging?.url;
      if (url) window.location.assign(state ? venueWhatsAppLinkWithPayment(url, state) : url);
      else toast(orderErrorMessages.linkOrTextFailed, 'error');
    };
    if (cardToken && card) {
      setPaying(true);
      const outcome = await cardOutcome(card, cardToken, placed.code, key);
      setPaying(false);
      if (outcome === 'PAID') toast(orderErrorMessages.paymentSucceeded, 'success');
      // A declined card says what to do next: the follow-up offers to pay the same order again.
      else if (outcome === 'REJECTED')
        toast(`${orderErrorMessages.paymentFailed} ${cardMessages.declinedNext}`, 'error');
      // ordering §8 lists the failed start as information: the order exists and can be paid from its follow-up.
      else if (outcome === 'FAILED') toast(orderErrorMessages.paymentStartFailed, 'info');
      else toast(checkoutMessages.cardPending, 'info');
      // ADR 014: the message leaves once the card's outcome is known, and says it.
      if (messaging) messagingOpen(outcome === 'FAILED' ? 'UNPAID' : outcome);
      else navigate(followUp);
      return;
    }
    const redirects = paymentTypeRedirects(payment);
    if (messaging) {
      // ADR 014: the browser leaves once; the order goes to the venue first, Webpay is paid from the follow-up.
      messagingOpen(redirects ? 'UNPAID' : null);
      return;
    }
    if (redirects) {
      // Webpay Plus: the order is stored, then the diner pays on the provider's form and comes back to the follow-up.
      try {
        const started = await paymentRedirectStart(contact.id, placed.code);
        navigate(followUp);
        window.location.assign(started.redirectUrl);
      } catch (error) {
        clientLogReport({
          component: 'checkout/payment',
          error,
          bcId: contact.id,
          payload: { step: 'redirect' },
        });
        toast(orderErrorMessages.paymentStartFailed, 'info');
        navigate(followUp);
      }
      return;
    }
    if (payment.paymentMethod === 'PAYMENT_LINK') {
      try {
        const link = await paymentLinkCreate({
          code: placed.code,
          branchContactId: contact.id,
          amount: placed.price,
        });
        navigate(followUp);
        window.location.assign(link.url);
      } catch (error) {
        clientLogReport({
          component: 'checkout/payment',
          error,
          bcId: contact.id,
          payload: { step: 'link' },
        });
        toast(orderErrorMessages.paymentLinkFailed, 'error');
        navigate(followUp);
      }
      return;
    }
    navigate(followUp);
  }

  return { send, sending, paying };
}
