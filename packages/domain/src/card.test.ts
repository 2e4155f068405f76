import { describe, expect, it } from 'vitest';
import {
  CARD_FIELDS,
  cardBrand,
  cardCheck,
  cardExpiryValid,
  cardFieldErrors,
  cardFieldProblems,
  cardNumberFits,
  cardNumberValid,
  cardSecurityCodeValid,
} from './card';

const NOW = Date.parse('2025-06-15T15:00:00Z');
const TZ = 'America/Argentina/Buenos_Aires';
const complete = {
  cardNumber: '4509 9535 6623 3704',
  cardName: 'MARTINA GOMEZ',
  cardExpiry: '11/30',
  cardSecurityCode: '123',
  cardDocument: '30.123.456',
};

describe("ordering §5 Checkout: card inputs ('Este campo está incompleto')", () => {
  it('flags every requested empty field, cardName and cardDocument always', () => {
    expect(cardFieldErrors({}, ['cardNumber'])).toEqual({
      cardName: 'Este campo está incompleto',
      cardDocument: 'Este campo está incompleto',
      cardNumber: 'Este campo está incompleto',
    });
    expect(cardFieldErrors({ ...complete, cardName: '  ' }, [])).toEqual({
      cardName: 'Este campo está incompleto',
    });
    expect(Object.keys(cardFieldErrors({}))).toEqual([
      'cardName',
      'cardDocument',
      'cardNumber',
      'cardExpiry',
      'cardSecurityCode',
    ]);
    expect(CARD_FIELDS).toHaveLength(5);
  });

  it.each([
    ['4509953566233704', true],
    ['4509 9535 6623 3705', false],
    ['1234', false],
    ['5031-7557-3453-0604', true],
  ])('card number %s valid: %s', (number, valid) => {
    expect(cardNumberValid(number)).toBe(valid);
  });

  it.each([
    ['06/25', true],
    ['05/25', false],
    ['01/26', true],
    ['13/26', false],
    ['1/26', false],
  ])('expiry %s valid: %s', (expiry, valid) => {
    expect(cardExpiryValid(expiry, NOW, TZ)).toBe(valid);
  });

  it('tells complete from valid', () => {
    expect(cardCheck(complete, { now: NOW, timeZone: TZ })).toEqual({
      complete: true,
      valid: true,
      fieldErrors: {},
      problems: {},
    });
    expect(cardCheck({ ...complete, cardSecurityCode: '12' }, { now: NOW, timeZone: TZ })).toMatchObject({
      complete: true,
      valid: false,
    });
    expect(
      cardCheck({ cardName: 'X', cardDocument: '123' }, { now: NOW, timeZone: TZ, requested: [] }),
    ).toMatchObject({
      complete: true,
      valid: false,
    });
    expect(cardCheck({ cardName: 'X' }, { now: NOW, timeZone: TZ, requested: [] }).complete).toBe(false);
  });
});

describe('the card form checks each filled field where it is (issue 18)', () => {
  it.each([
    ['4509 9535 6623 3704', 'visa'],
    ['5500 0000 0000 0004', 'mastercard'],
    ['2221 0000 0000 0009', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['3056 9309 0259 04', 'diners'],
    ['5031 7557 3453 0604', null],
    ['5896 5700 0000 0008', null],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('holds a known brand to its lengths, and an unknown one to Luhn alone', () => {
    expect(cardNumberFits('3782 822463 10005')).toBe(true);
    // Luhn-valid 16 digits with an American Express prefix: no Amex has 16.
    expect(cardNumberFits('3400 0000 0000 0000')).toBe(false);
    expect(cardNumberValid('3400 0000 0000 0000')).toBe(true);
    expect(cardNumberFits('5031 7557 3453 0604')).toBe(true);
  });

  it('asks 4 digits of an American Express security code and 3 of a Visa', () => {
    expect(cardSecurityCodeValid('1234', '3782 822463 10005')).toBe(true);
    expect(cardSecurityCodeValid('123', '3782 822463 10005')).toBe(false);
    expect(cardSecurityCodeValid('123', '4509 9535 6623 3704')).toBe(true);
    expect(cardSecurityCodeValid('1234', '4509 9535 6623 3704')).toBe(false);
    expect(cardSecurityCodeValid('1234', '')).toBe(true);
    expect(cardSecurityCodeValid('12a', '')).toBe(false);
  });

  it('says what is wrong with each field and what to do', () => {
    expect(
      cardFieldProblems(
        {
          cardNumber: '4509 9535 6623 3705',
          cardExpiry: '05/25',
          cardSecurityCode: '1234',
          cardDocument: '12',
        },
        { now: NOW, timeZone: TZ },
      ),
    ).toEqual({
      cardNumber: 'El número de tarjeta no es válido. Revísalo.',
      cardExpiry: 'Esta tarjeta está vencida. Usa otra tarjeta.',
      cardSecurityCode: 'El código de seguridad de Visa tiene 3 dígitos.',
      cardDocument: 'El documento no es válido. Revísalo.',
    });
    expect(cardFieldProblems({ cardExpiry: '13/30' }, { now: NOW, timeZone: TZ })).toEqual({
      cardExpiry: 'Escribe el vencimiento como MM/AA.',
    });
    expect(
      cardFieldProblems(
        { cardNumber: '3782 822463 10005', cardSecurityCode: '123' },
        { now: NOW, timeZone: TZ },
      ),
    ).toEqual({ cardSecurityCode: 'El código de seguridad de American Express tiene 4 dígitos.' });
    // Empty fields are the spec's 'Este campo está incompleto', not a problem of form.
    expect(cardFieldProblems({}, { now: NOW, timeZone: TZ })).toEqual({});
    expect(cardFieldProblems(complete, { now: NOW, timeZone: TZ })).toEqual({});
  });
});
