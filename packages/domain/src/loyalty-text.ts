/**
 * How a loyalty programme's figures read on the diner's and the staff's screens
 * (ordering §2 'Mis {name}', §3 "Order (as read back)": redeemed and gained
 * points). A points programme shows counts, a cashback programme money
 * (docs/decisions/033-loyalty-cashback.md); the wording lives here so the
 * follow-up, the console and the account modal say the same.
 */
import { type LoyaltyProgram, loyaltyAmountText, loyaltyIsCashback } from './loyalty';
import { loyaltyMessages } from './messages';
import type { MoneyCountry } from './money';

/** A balance with the programme's name: '3.500 Fueguitos', or '$ 3.500 de Cashback Fuego'. */
export function loyaltyBalanceText(program: LoyaltyProgram, balance: number, country: MoneyCountry): string {
  const amount = loyaltyAmountText(program, balance, country);
  return loyaltyIsCashback(program) ? `${amount} de ${program.name}` : `${amount} ${program.name}`;
}

/** The history's columns: the spec's Pedidos / Puntos / Saldo, with 'Cashback' for a cashback programme. */
export function loyaltyHistoryColumns(program: Pick<LoyaltyProgram, 'cashback'>): readonly string[] {
  const [orders, points, balance] = loyaltyMessages.historyColumns;
  return [orders, loyaltyIsCashback(program) ? 'Cashback' : points, balance];
}

/** The checkout breakdown's redemption line: '1.000 Fueguitos', or the cashback programme's name. */
export function loyaltyRedeemedLabel(program: LoyaltyProgram, points: number, country: MoneyCountry): string {
  return loyaltyIsCashback(program)
    ? program.name
    : `${loyaltyAmountText(program, points, country)} ${program.name}`;
}

/** An order's loyalty as the API reads it back (the follow-up view's `loyalty`). */
export interface LoyaltyOrderFigures {
  cashback: boolean;
  redeemedPoints: number;
  gainedPoints: number;
  /** The gained amount is in the wallet (the order was delivered). */
  gainedCredited: boolean;
  /** The redeemed amount went back to the wallet (the order was canceled). */
  redeemedReturned: boolean;
}

export interface LoyaltyOrderFact {
  label: string;
  value: string;
}

/**
 * The order's redeemed and gained figures, as label and value: 'Puntos canjeados
 * 500 (devueltos)', 'Puntos a ganar 1.700 (al entregar el pedido)', 'Cashback
 * ganado $ 460'. A canceled order earns nothing, so it shows no gain.
 */
export function loyaltyOrderFacts(
  figures: LoyaltyOrderFigures,
  canceled: boolean,
  country: MoneyCountry,
): LoyaltyOrderFact[] {
  const program = { cashback: figures.cashback ? 1 : 0 };
  const amount = (value: number) => loyaltyAmountText(program, value, country);
  const facts: LoyaltyOrderFact[] = [];
  if (figures.redeemedPoints > 0) {
    const value = amount(figures.redeemedPoints);
    facts.push(
      figures.cashback
        ? { label: 'Cashback canjeado', value: figures.redeemedReturned ? `${value} (devuelto)` : value }
        : { label: 'Puntos canjeados', value: figures.redeemedReturned ? `${value} (devueltos)` : value },
    );
  }
  if (figures.gainedPoints > 0 && !canceled) {
    const value = amount(figures.gainedPoints);
    const what = figures.cashback ? 'Cashback' : 'Puntos';
    facts.push(
      figures.gainedCredited
        ? { label: figures.cashback ? 'Cashback ganado' : 'Puntos ganados', value }
        : { label: `${what} a ganar`, value: `${value} (al entregar el pedido)` },
    );
  }
  return facts;
}
