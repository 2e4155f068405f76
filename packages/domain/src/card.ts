/**
 * Online card inputs (ordering §3 "Online card inputs", §5 "Checkout" card
 * rules, follow-up §5 card payment): which fields are incomplete ('Este campo
 * está incompleto') and whether the form is complete and well formed.
 * Card data never leaves the browser except as a provider token; these checks
 * only decide what the form shows.
 */
import { cardMessages, checkoutMessages } from './messages';
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

/** A card brand the form recognises by the number's first digits. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners';

/** Per brand: the name the messages use, the number's lengths and the security code's length. */
export const CARD_BRANDS: Readonly<
  Record<CardBrand, { name: string; lengths: readonly number[]; securityCodeLength: number }>
> = {
  visa: { name: 'Visa', lengths: [13, 16, 19], securityCodeLength: 3 },
  mastercard: { name: 'Mastercard', lengths: [16], securityCodeLength: 3 },
  amex: { name: 'American Express', lengths: [15], securityCodeLength: 4 },
  diners: { name: 'Diners Club', lengths: [14, 16], securityCodeLength: 3 },
};

/**
 * The brand of a card number by its first digits, or null when the prefix is
 * not one of the four (local cards such as Naranja or Cabal are accepted by
 * Luhn alone, with a 3- or 4-digit security code).
 */
export function cardBrand(text: string): CardBrand | null {
  const digits = text.replace(/[\s-]/g, '');
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^4/.test(digits)) return 'visa';
  const six = Number(digits.slice(0, 6).padEnd(6, '0'));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && six >= 222100 && six <= 272099)) return 'mastercard';
  return null;
}

/** A number passes Luhn and, for a known brand, has one of its lengths. */
export function cardNumberFits(text: string): boolean {
  const brand = cardBrand(text);
  const length = text.replace(/[\s-]/g, '').length;
  return cardNumberValid(text) && (brand === null || CARD_BRANDS[brand].lengths.includes(length));
}

/** The security code has the brand's length (3 or 4 digits when the brand is unknown). */
export function cardSecurityCodeValid(code: string, number: string): boolean {
  const brand = cardBrand(number);
  const digits = code.trim();
  if (!/^\d+$/.test(digits)) return false;
  return brand === null
    ? digits.length === 3 || digits.length === 4
    : digits.length === CARD_BRANDS[brand].securityCodeLength;
}

/** The holder's document on the card form: 6 to 12 digits once dots, spaces and dashes are removed. */
export function cardDocumentValid(text: string): boolean {
  return /^\d{6,12}$/.test(text.replace(/[.\s-]/g, ''));
}

/**
 * What is wrong with each filled field, said where the field is (ours, in tú;
 * an empty field is the spec's 'Este campo está incompleto', from
 * `cardFieldErrors`).
 */
export function cardFieldProblems(
  inputs: CardInputs,
  context: { now: number | Date; timeZone: string },
): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const number = inputs.cardNumber?.trim() ?? '';
  const brand = number ? cardBrand(number) : null;
  if (number && !cardNumberFits(number)) problems.cardNumber = cardMessages.numberInvalid;
  const expiry = inputs.cardExpiry?.trim() ?? '';
  if (expiry) {
    const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
    const month = match ? Number(match[1]) : 0;
    if (!match || month < 1 || month > 12) problems.cardExpiry = cardMessages.expiryFormat;
    else if (!cardExpiryValid(expiry, context.now, context.timeZone))
      problems.cardExpiry = cardMessages.expired;
  }
  const securityCode = inputs.cardSecurityCode?.trim() ?? '';
  if (securityCode && !cardSecurityCodeValid(securityCode, number)) {
    problems.cardSecurityCode = brand
      ? cardMessages.securityCodeLength(CARD_BRANDS[brand].name, CARD_BRANDS[brand].securityCodeLength)
      : cardMessages.securityCodeDigits;
  }
  const document = inputs.cardDocument?.trim() ?? '';
  if (document && !cardDocumentValid(document)) problems.cardDocument = cardMessages.documentInvalid;
  return problems;
}

/**
 * The state of a card form: complete (nothing requested left empty), valid
 * (every filled field well formed), the empty fields' errors and the filled
 * fields' problems.
 */
export function cardCheck(
  inputs: CardInputs,
  context: { now: number | Date; timeZone: string; requested?: readonly CardField[] },
): {
  complete: boolean;
  valid: boolean;
  fieldErrors: Partial<Record<CardField, string>>;
  problems: Partial<Record<CardField, string>>;
} {
  const fieldErrors = cardFieldErrors(inputs, context.requested);
  const problems = cardFieldProblems(inputs, context);
  return {
    complete: Object.keys(fieldErrors).length === 0,
    valid: Object.keys(problems).length === 0,
    fieldErrors,
    problems,
  };
}
