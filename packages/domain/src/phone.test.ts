import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  PHONE_COUNTRIES,
  PHONE_COUNTRY_LABELS,
  PHONE_DEFAULT_COUNTRY,
  phoneClean,
  phoneCountry,
  phoneIsValid,
  phoneNationalText,
  phoneParse,
  phoneSignInCheck,
  phoneToE164,
  phoneWithPrefix,
} from './phone';
import { phoneWhatsAppDigits } from './whatsapp-number';

describe('ordering §5 Phone: cleaning and prefix', () => {
  it.each([
    ['+54 9 (11) 5555-0101', '+5491155550101'],
    [' 11 5555.0101 ', '1155550101'],
    ['', ''],
  ])('phoneClean(%s) = %s', (input, clean) => {
    expect(phoneClean(input)).toBe(clean);
  });

  it.each([
    ['11 5555 0101', '54', '+541155550101'],
    ['011 5555 0101', '54', '+541155550101'],
    ['+598 99 123 456', '54', '+59899123456'],
    ['0059899123456', '54', '+59899123456'],
  ])('phoneWithPrefix(%s, %s) = %s', (input, prefix, output) => {
    expect(phoneWithPrefix(input, prefix)).toBe(output);
  });
});

describe('ordering §5 Phone: countries and validity (libphonenumber-js)', () => {
  it('labels every country with its own calling code first', () => {
    for (const country of PHONE_COUNTRIES) {
      const prefix = getCountryCallingCode(country.toUpperCase() as CountryCode);
      expect(PHONE_COUNTRY_LABELS[country]).toMatch(new RegExp(`^\\+${prefix} \\S`));
    }
  });

  it('allows the twelve countries, ar by default', () => {
    expect(PHONE_COUNTRIES).toEqual(['ar', 'uy', 'cl', 'co', 'pe', 'br', 've', 'py', 'mx', 'ec', 'bo', 'us']);
    expect(PHONE_DEFAULT_COUNTRY).toBe('ar');
    expect(phoneCountry('UY')).toBe('uy');
    expect(phoneCountry('FR')).toBe('ar');
    expect(phoneCountry(undefined)).toBe('ar');
  });

  it.each([
    ['9 11 2345-6789', 'ar', '+5491123456789'],
    ['+5491155550101', 'ar', '+5491155550101'],
    ['11 5555-0101', 'AR', '+541155550101'],
    ['099 123 456', 'uy', '+59899123456'],
    ['9 1234 5678', 'cl', '+56912345678'],
    ['300 1234567', 'co', '+573001234567'],
    ['912 345 678', 'pe', '+51912345678'],
    ['(11) 91234-5678', 'br', '+5511912345678'],
    ['0412 1234567', 've', '+584121234567'],
    ['0991 123456', 'py', '+595991123456'],
    ['55 1234 5678', 'mx', '+525512345678'],
    ['099 123 4567', 'ec', '+593991234567'],
    ['71234567', 'bo', '+59171234567'],
    ['(202) 555-0123', 'us', '+12025550123'],
    ['0059899123456', 'ar', '+59899123456'],
  ])('%s in %s is valid: %s', (input, country, e164) => {
    expect(phoneIsValid(input, country)).toBe(true);
    expect(phoneToE164(input, country)).toBe(e164);
  });

  it.each([['123'], ['1'], ['abc'], ['11 5555'], ['+54 9 11 5555 01019999']])(
    '%s is not a valid phone',
    (input) => {
      expect(phoneIsValid(input)).toBe(false);
      expect(phoneToE164(input)).toBeNull();
    },
  );

  it('parses for display and for wa.me', () => {
    expect(phoneParse('+5491147770001')).toEqual({
      e164: '+5491147770001',
      valid: true,
      international: '+54 9 11 4777 0001',
      country: 'AR',
    });
    expect(phoneParse('')).toBeNull();
    expect(phoneWhatsAppDigits('+5491147770001')).toBe('5491147770001');
  });

  it.each([
    ['11 5555 0101'],
    ['011 5555 0101'],
    ['11 15 5555 0101'],
    ['011 15 5555 0101'],
    ['+54 11 5555 0101'],
    ['+54 9 11 5555 0101'],
  ])("gives WhatsApp an Argentine mobile with the 9 after 54, however it was typed: '%s'", (typed) => {
    const e164 = phoneToE164(typed, 'ar');
    expect(e164).not.toBeNull();
    expect(phoneWhatsAppDigits(e164 as string)).toBe('5491155550101');
  });

  it('leaves other countries as they are', () => {
    expect(phoneWhatsAppDigits('+59899123456')).toBe('59899123456');
    expect(phoneWhatsAppDigits('+56912345678')).toBe('56912345678');
    expect(phoneWhatsAppDigits('+5215512345678')).toBe('5215512345678');
  });

  it("refuses an invalid sign-in phone with 'Debe ingresar un número válido'", () => {
    expect(phoneSignInCheck('123')).toBe('Debe ingresar un número válido');
    expect(phoneSignInCheck('+5491155550101')).toBeNull();
  });
});

describe('COPY.md formats: a phone shown in national format', () => {
  it.each([
    ['+5491155550101', '11 5555-0101'],
    ['+541155550101', '11 5555-0101'],
    ['+5493515550101', '351 555-0101'],
    // Uruguay writes its trunk 0 as part of the number.
    ['+59899123456', '099 123 456'],
    ['+5521987654321', '(21) 98765-4321'],
  ])('shows %s as %s', (stored, shown) => {
    expect(phoneNationalText(stored)).toBe(shown);
  });

  it('shows what cannot be parsed as it is', () => {
    expect(phoneNationalText('123')).toBe('123');
    expect(phoneNationalText('')).toBe('');
  });
});
