import type { MoneyCountry } from '@comanda/domain/money';
import type { ColorConfig } from '@comanda/domain/theme';

/** The location (branch contact) whose riders the pages serve, as the route reads it from its alias. */
export interface RiderLocation {
  branchContactId: number;
  alias: string;
  /** The location's name ('Brasa Núñez'). */
  name: string;
  logoUrl: string | null;
  timeZone: string;
  /** Money and the phone's default country. */
  country: MoneyCountry;
  colorConfig: ColorConfig | null;
  fontFamily: string | null;
}
