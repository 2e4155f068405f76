/**
 * 'Mi pago': the payment types usable for this order, the one chosen (moved to
 * a usable one when the order changes), the cash tender and the card form.
 */
import { cardCheck } from '@comanda/domain/card';
import {
  paymentTypeNeedsCardForm,
  paymentTypeReconcile,
  paymentTypesUsable,
} from '@comanda/domain/payment-type';
import type { DeliveryInfo } from '@comanda/domain/types';
import { useEffect, useMemo, useState } from 'react';
import { paymentTypeFromApi } from '../../../lib/payment-types';
import type { ApiOrderMode } from '../../../types/api';
import type { CardForm } from '../api/checkout-api';

const CARD_EMPTY: CardForm = {
  cardNumber: '',
  cardName: '',
  cardExpiry: '',
  cardSecurityCode: '',
  cardDocument: '',
};

export function usePaymentChoice(
  mode: ApiOrderMode | null,
  deliveryInfo: DeliveryInfo | null,
  clock: { now: number; timeZone: string },
) {
  const allTypes = useMemo(() => (mode?.paymentTypes ?? []).map(paymentTypeFromApi), [mode]);
  const context = { orderModeType: mode?.type ?? 'TAKE_AWAY', deliveryInfo } as const;
  const usableTypes = paymentTypesUsable(allTypes, context);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const chosenType = allTypes.find((type) => type.id === paymentId) ?? null;
  const payment = paymentTypeReconcile(chosenType, allTypes, context);
  useEffect(() => {
    if (payment && payment.id !== paymentId) setPaymentId(payment.id);
  }, [payment, paymentId]);
  const [paysWith, setPaysWith] = useState('');
  const [card, setCard] = useState<CardForm>(CARD_EMPTY);
  const needsCard = paymentTypeNeedsCardForm(payment);
  const cardState = needsCard ? cardCheck(card, clock) : null;
  // What the card's provider refused when tokenizing, per field (shown until the field is edited).
  const [cardRefused, setCardRefused] = useState<Partial<Record<keyof CardForm, string>>>({});
  // The card fields the diner has left once: a field's problem shows only after that (or after a send).
  const [cardTouched, setCardTouched] = useState<ReadonlySet<keyof CardForm>>(new Set());
  const cardTouch = (field: keyof CardForm) =>
    setCardTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  return {
    allTypes,
    usableTypes,
    payment,
    setPaymentId,
    paysWith,
    setPaysWith,
    card,
    setCard,
    needsCard,
    cardState,
    cardRefused,
    setCardRefused,
    cardTouched,
    cardTouch,
  };
}

export type PaymentChoice = ReturnType<typeof usePaymentChoice>;
