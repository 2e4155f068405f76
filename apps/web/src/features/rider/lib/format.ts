/** The rider app's readings of money and phones (the product's formats). */
import { type MoneyCountry, moneyFormat, moneyToMinor } from '@comanda/domain/money';
import { phoneParse } from '@comanda/domain/phone';

/** An amount in major units as the API sends it: '$ 8.000'. */
export function riderMoney(amount: number, country: MoneyCountry): string {
  return moneyFormat(moneyToMinor(amount, country.mantissaLength), country);
}

/** A phone as a person reads it ('+54 9 11 5555-0101'), or as given when it cannot be parsed. */
export function riderPhoneText(e164: string): string {
  return phoneParse(e164)?.international ?? e164;
}
