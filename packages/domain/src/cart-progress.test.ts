import { describe, expect, it } from 'vitest';
import { AR } from '../test/fixtures';
import { cartCanContinue, cartMinimumMet, cartProgress } from './cart-progress';
import { moneyMinor as m } from './money';

const cercana = { minimumOrderPrice: m(8000), freeDeliveryFrom: m(30000) };

describe('ordering §9 Cart progress texts', () => {
  it.each([
    [5000, cercana, 'Suma $ 3.000 para llegar al mínimo', 5000 / 8000, 'MINIMUM'],
    [8000, cercana, 'Suma $ 22.000 para tener envío gratis', 8000 / 30000, 'FREE_DELIVERY'],
    [30000, cercana, '¡Tienes envío gratis!', 1, null],
    [9000, { minimumOrderPrice: m(8000) }, '¡Llegaste al mínimo!', 1, null],
    [0, { freeDeliveryFrom: m(1000) }, 'Suma $ 1.000 para tener envío gratis', 0, 'FREE_DELIVERY'],
    [10, { minimumOrderPrice: m(0), freeDeliveryFrom: m(0) }, '¡Tienes envío gratis!', 1, null],
  ])('%i with %o', (products, delivery, text, fraction, goal) => {
    expect(cartProgress({ productsAmount: m(products), ...delivery }, AR)).toMatchObject({
      text,
      fraction,
      goal,
    });
  });

  it('shows nothing without minimum or free-delivery amount', () => {
    expect(cartProgress({ productsAmount: m(10) }, AR)).toBeNull();
  });
});

describe("ordering §5 Checkout: 'Continuar' on the cart", () => {
  it.each([
    [1, 8000, true, true],
    [0, 8000, true, false],
    [1, 7999, true, false],
    [1, 9000, false, false],
  ])('%i items, %i products, ordering %s → %s', (itemsCount, products, orderEnabled, shows) => {
    expect(
      cartCanContinue({ itemsCount, productsAmount: m(products), minimumOrderPrice: m(8000), orderEnabled }),
    ).toBe(shows);
  });

  it('has no minimum without one', () => {
    expect(cartMinimumMet(m(0), null)).toBe(true);
    expect(cartMinimumMet(m(0), undefined)).toBe(true);
  });
});
