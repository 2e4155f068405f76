/**
 * Phones (ordering §5 "Phone", follow-up §5): cleaning, country prefix and
 * validity with libphonenumber-js, for the countries of the phone input.
 * Phones are kept and sent in E.164 (`+5491155550101`).
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { sessionMessages } from './messages';

/** ordering §5: countries the phone input allows. */
export const PHONE_COUNTRIES = [
  'ar',
  'uy',
  'cl',
  'co',
  'pe',
  'br',
  've',
  'py',
  'mx',
  'ec',
  'bo',
  'us',
] as const;

/** One of the phone input's countries. */
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

/** ordering §5: the phone input's default country. */
export const PHONE_DEFAULT_COUNTRY: PhoneCountry = 'ar';

/** ordering §9: the phone input is debounced by 500 ms. */
export const PHONE_INPUT_DEBOUNCE_MS = 500;

/** (ours) The phone input's countries as a diner reads them: the prefix first, so a narrow select still shows it. */
export const PHONE_COUNTRY_LABELS: Record<PhoneCountry, string> = {
  ar: '+54 Argentina',
  uy: '+598 Uruguay',
  cl: '+56 Chile',
  co: '+57 Colombia',
  pe: '+51 Perú',
  br: '+55 Brasil',
  ve: '+58 Venezuela',
  py: '+595 Paraguay',
  mx: '+52 México',
  ec: '+593 Ecuador',
  bo: '+591 Bolivia',
  us: '+1 Estados Unidos',
};

/** A country of the phone input from any casing (`AR`, `ar`); the default 'ar' when not allowed. */
export function phoneCountry(code: string | null | undefined): PhoneCountry {
  const lower = (code ?? '').toLowerCase();
  return (PHONE_COUNTRIES as readonly string[]).includes(lower)
    ? (lower as PhoneCountry)
    : PHONE_DEFAULT_COUNTRY;
}

/** Keeps the digits, and a leading `+` when there is one: `+54 9 (11) 5555-0101` → `+5491155550101`. */
export function phoneClean(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * Prefixes a cleaned phone with the country prefix (`54`) unless it already
 * carries one (`+…` or `00…`).
 */
export function phoneWithPrefix(input: string, phonePrefix: string): string {
  const clean = phoneClean(input);
  if (clean.startsWith('+')) return clean;
  if (clean.startsWith('00')) return `+${clean.slice(2)}`;
  return `+${phonePrefix.replace(/\D/g, '')}${clean.replace(/^0+/, '')}`;
}

/** A parsed phone. */
export interface ParsedPhone {
  /** E.164, e.g. `+5491155550101`. */
  e164: string;
  valid: boolean;
  /** For display, e.g. `+54 9 11 5555 0101`. */
  international: string;
  /** ISO country of the number when known, e.g. `AR`. */
  country: string | null;
}

/**
 * Parses what the diner typed, as a national number of `country` unless it
 * carries its own prefix. Null when it cannot be a phone at all.
 */
export function phoneParse(input: string, country: string = PHONE_DEFAULT_COUNTRY): ParsedPhone | null {
  const clean = phoneClean(input);
  if (clean.replace('+', '').length < 2) return null;
  const region = phoneCountry(country).toUpperCase() as CountryCode;
  const text = clean.startsWith('00') ? `+${clean.slice(2)}` : clean;
  const key = `${region} ${text}`;
  const remembered = parsedPhones.get(key);
  if (remembered !== undefined) return remembered;
  const parsed = parsePhoneNumberFromString(text, region);
  const result: ParsedPhone | null = parsed
    ? Object.freeze({
        e164: parsed.number,
        valid: parsed.isValid(),
        international: parsed.formatInternational(),
        country: parsed.country ?? null,
      })
    : null;
  if (parsedPhones.size >= PARSED_PHONES_KEPT) parsedPhones.clear();
  parsedPhones.set(key, result);
  return result;
}

// Parsing a phone is the dearest check of an order (libphonenumber's metadata walk) and an order checks
// its phone more than once, as repeat diners do across orders: recent answers are kept, a bounded few.
const PARSED_PHONES_KEPT = 1000;
const parsedPhones = new Map<string, ParsedPhone | null>();

/** Whether the input is a valid phone (national of `country`, or international). */
export function phoneIsValid(input: string, country: string = PHONE_DEFAULT_COUNTRY): boolean {
  return phoneParse(input, country)?.valid === true;
}

/** The E.164 form of a valid phone, or null. This is the form phones are stored and sent in. */
export function phoneToE164(input: string, country: string = PHONE_DEFAULT_COUNTRY): string | null {
  const parsed = phoneParse(input, country);
  return parsed?.valid ? parsed.e164 : null;
}

/** Sign-in by phone: 'Debe ingresar un número válido' unless valid. */
export function phoneSignInCheck(input: string, country: string = PHONE_DEFAULT_COUNTRY): string | null {
  return phoneIsValid(input, country) ? null : sessionMessages.phoneInvalid;
}

/**
 * A stored phone as COPY.md "Formats" shows it: national, without the trunk
 * prefix ('11 5555-0101'). An Argentine mobile drops its `9` first, or it
 * would read '11 15-5555-0101'. What cannot be parsed is shown as it is.
 */
export function phoneNationalText(phone: string): string {
  const clean = phoneClean(phone);
  const text = clean.startsWith('+549') ? `+54${clean.slice(4)}` : clean;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.format('NATIONAL', { nationalPrefix: false }) : phone;
}
