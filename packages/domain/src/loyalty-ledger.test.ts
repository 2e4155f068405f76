import { describe, expect, it } from 'vitest';
import { loyaltyLedgerKindOfMove } from './loyalty-ledger';
import { ORDER_STATUS_FLOW, type OrderStatus, orderStatusCanMove } from './order-status';

describe('loyalty ledger: which order moves change points', () => {
  it.each([
    ['ACCEPTED', null],
    ['READY', null],
    ['DELIVERED', 'ACCRUAL'],
    ['CANCELED', 'REVERSAL'],
  ] as const)('a move to %s writes %s', (to, kind) => {
    expect(loyaltyLedgerKindOfMove(to)).toBe(kind);
  });

  it('never both earns and gives back for one order: nothing leaves DELIVERED or CANCELED', () => {
    const all: OrderStatus[] = [...ORDER_STATUS_FLOW, 'CANCELED'];
    for (const to of all) {
      expect(orderStatusCanMove('DELIVERED', to)).toBe(false);
      expect(orderStatusCanMove('CANCELED', to)).toBe(false);
    }
  });
});
