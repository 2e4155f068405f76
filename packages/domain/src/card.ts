/**
 * Online card inputs (ordering §3 "Online card inputs", §5 "Checkout" card
 * rules, follow-up §5 card payment): which fields are incomplete ('Este campo
 * está incompleto') and whether the form is complete and well formed.
 * Card data never leaves the browser except as a provider token; these checks
 * only decide what the form shows.
 */
import { checkoutMessages } from './messages';
import { zonedDate } from './zoned-time';

/** The card form's fields. */
export interface CardInputs {
  cardNumber?: string;
  cardName?: string;
  /** `MM/AA`. */
  cardExpiry?: string;
  cardSecurityCode?: string;
  cardDocument?: string;
}

/** A field of the card form. */
export type CardField = keyof CardInputs;

/** Every field of the card form. */
export const CARD_FIELDS: readonly CardField[] = [
  'cardNumber',
  'cardName',
  'cardExpiry',
  'cardSecurityCode',
  'cardDocument',
];

/** ordering §5: cardName and cardDocument are always requested. */
export const CARD_ALWAYS_REQUESTED: readonly CardField[] = ['cardName', 'cardDocument'];

/** 'Este campo está incompleto' for each requested field left empty (cardName and cardDocument always). */
export function cardFieldErrors(
  inputs: CardInputs,
  requested: readonly CardField[] = CARD_FIELDS,
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  for (const field of new Set([...CARD_ALWAYS_REQUESTED, ...requested])) {
    if (!inputs[field] || inputs[field]?.trim() === '') errors[field] = checkoutMessages.fieldIncomplete;
  }
  return errors;
}

/** Luhn check of a card number (13 to 19 digits, spaces and dashes ignored). */
export function cardNumberValid(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether `MM/AA` is a month that has not ended yet in the zone. */
export function cardExpiryValid(text: string, now: number | Date, timeZone: string): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const today = zonedDate(now, timeZone);
  return year > today.year || (year === today.year && month >= today.month);
}

/** The state of a card form: complete (nothing requested left empty) and valid (every filled field well formed). */
export function cardCheck(
  inputs: CardInputs,
  context: { now: number | Date; timeZone: string; requested?: readonly CardField[] },
): { complete: boolean; valid: boolean; fieldErrors: Partial<Record<CardField, string>> } {
  const fieldErrors = cardFieldErrors(inputs, context.requested);
  const complete = Object.keys(fieldErrors).length === 0;
  const checks = [
    !inputs.cardNumber || cardNumberValid(inputs.cardNumber),
    !inputs.cardExpiry || cardExpiryValid(inputs.cardExpiry, context.now, context.timeZone),
    !inputs.cardSecurityCode || /^\d{3,4}$/.test(inputs.cardSecurityCode.trim()),
    !inputs.cardDocument || /^\d{6,12}$/.test(inputs.cardDocument.replace(/[.\s-]/g, '')),
  ];
  return { complete, valid: checks.every(Boolean), fieldErrors };
}
