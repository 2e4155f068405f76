import { describe, expect, it } from 'vitest';
import { generalDiscountAmount, generalDiscountPickExternal, surchargeAmount } from './general-discount';
import { moneyMinor as m } from './money';
import type { GeneralDiscount } from './types';

const socio: GeneralDiscount = { name: 'Socio Club', type: 'PERCENT', value: 15, priority: 2 };
const premium: GeneralDiscount = { name: 'Socio Club Premium', type: 'FIXED', value: m(2000), priority: 1 };
const noPriority: GeneralDiscount = { name: 'Sin prioridad', type: 'FIXED', value: m(9000) };

describe('ordering §7 External benefits: the lowest priority applies', () => {
  it.each([
    [[socio, premium], 'Socio Club Premium'],
    [[premium, socio], 'Socio Club Premium'],
    [[noPriority, socio], 'Socio Club'],
    [[socio, noPriority], 'Socio Club'],
    [[noPriority], 'Sin prioridad'],
    [
      [
        { ...socio, name: 'A', priority: 1 },
        { ...socio, name: 'B', priority: 1 },
      ],
      'A',
    ],
    [
      [
        { ...noPriority, name: 'A' },
        { ...noPriority, name: 'B' },
      ],
      'A',
    ],
  ])('%#', (benefits, name) => {
    expect(generalDiscountPickExternal(benefits)?.name).toBe(name);
  });

  it('picks nothing from an empty list', () => {
    expect(generalDiscountPickExternal([])).toBeNull();
  });
});

describe('ordering §3 General discounts and surcharges', () => {
  it.each([
    [{ name: '10% por retirar', type: 'PERCENT', value: 10 } as GeneralDiscount, 12345, 1235],
    [premium, 50000, 2000],
    [premium, 1500, 1500],
  ])('discount %o on %i = %i', (discount, base, amount) => {
    expect(generalDiscountAmount(discount, m(base))).toBe(amount);
  });

  it('adds surcharges', () => {
    expect(surchargeAmount({ name: 'Servicio de mesa', type: 'FIXED', value: m(800) }, m(10000))).toBe(800);
    expect(surchargeAmount({ name: 'Recargo', type: 'PERCENT', value: 5 }, m(10010))).toBe(501);
  });
});
