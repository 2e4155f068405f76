import { describe, expect, it } from 'vitest';
import type { LoyaltyProgram } from './loyalty';
import {
  loyaltyBalanceText,
  loyaltyHistoryColumns,
  loyaltyOrderFacts,
  loyaltyRedeemedLabel,
} from './loyalty-text';
import type { MoneyCountry } from './money';

const argentina: MoneyCountry = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const fueguitos: LoyaltyProgram = {
  active: true,
  name: 'Fueguitos',
  orderPercentage: 5,
  branchContactIds: [],
};
const cashbackFuego: LoyaltyProgram = {
  ...fueguitos,
  name: 'Cashback Fuego',
  orderPercentage: 0,
  cashback: 10,
};
const figures = {
  cashback: false,
  redeemedPoints: 500,
  gainedPoints: 1700,
  gainedCredited: false,
  redeemedReturned: false,
};

describe('loyalty texts: points as counts, cashback as money (ADR 033)', () => {
  it('balance, history columns and the checkout line', () => {
    expect(loyaltyBalanceText(fueguitos, 3500, argentina)).toBe('3.500 Fueguitos');
    expect(loyaltyBalanceText(cashbackFuego, 3500, argentina)).toBe('$ 3.500 de Cashback Fuego');
    expect(loyaltyHistoryColumns(fueguitos)).toEqual(['Pedidos', 'Puntos', 'Saldo']);
    expect(loyaltyHistoryColumns(cashbackFuego)).toEqual(['Pedidos', 'Cashback', 'Saldo']);
    expect(loyaltyRedeemedLabel(fueguitos, 1000, argentina)).toBe('1.000 Fueguitos');
    expect(loyaltyRedeemedLabel(cashbackFuego, 1000, argentina)).toBe('Cashback Fuego');
  });

  it('an order in progress: redeemed, and what it will earn on delivery', () => {
    expect(loyaltyOrderFacts(figures, false, argentina)).toEqual([
      { label: 'Puntos canjeados', value: '500' },
      { label: 'Puntos a ganar', value: '1.700 (al entregar el pedido)' },
    ]);
    expect(loyaltyOrderFacts({ ...figures, cashback: true }, false, argentina)).toEqual([
      { label: 'Cashback canjeado', value: '$ 500' },
      { label: 'Cashback a ganar', value: '$ 1.700 (al entregar el pedido)' },
    ]);
  });

  it('a delivered order shows what it earned; a canceled one what went back and no gain', () => {
    expect(loyaltyOrderFacts({ ...figures, gainedCredited: true }, false, argentina)).toContainEqual({
      label: 'Puntos ganados',
      value: '1.700',
    });
    expect(
      loyaltyOrderFacts({ ...figures, cashback: true, gainedCredited: true }, false, argentina),
    ).toContainEqual({ label: 'Cashback ganado', value: '$ 1.700' });
    expect(loyaltyOrderFacts({ ...figures, redeemedReturned: true }, true, argentina)).toEqual([
      { label: 'Puntos canjeados', value: '500 (devueltos)' },
    ]);
    expect(
      loyaltyOrderFacts({ ...figures, cashback: true, redeemedReturned: true }, true, argentina),
    ).toEqual([{ label: 'Cashback canjeado', value: '$ 500 (devuelto)' }]);
    expect(loyaltyOrderFacts({ ...figures, redeemedPoints: 0, gainedPoints: 0 }, false, argentina)).toEqual(
      [],
    );
  });
});
