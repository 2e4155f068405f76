import { describe, expect, it } from 'vitest';
import { CARD_FIELDS, cardCheck, cardExpiryValid, cardFieldErrors, cardNumberValid } from './card';

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
