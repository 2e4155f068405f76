/** Small readings of branch data shared by several screens. */
import type { OrderModeType } from '@comanda/domain/types';
import type { ApiAddress, ApiBranch } from '../types/api';

/** The branch's square logo, when it set one. */
export function branchLogoUrl(branch: ApiBranch): string | null {
  return branch.withCustomLogo && branch.customLogoURL ? branch.customLogoURL : null;
}

/** The branch's wide banner logo, when it set one (shown instead of the logo in the branch header). */
export function branchBannerLogoUrl(branch: ApiBranch): string | null {
  return branch.withCustomBannerLogo && branch.customBannerLogoURL ? branch.customBannerLogoURL : null;
}

/** A location's address as one line: `Av. Cabildo 3950, Núñez`. */
export function addressLine(address: ApiAddress): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  return [street, address.zone ?? address.city].filter(Boolean).join(', ');
}

/** (ours) How the 'how do you want your order' selector names each kind of order mode. */
export const MODE_TYPE_LABELS: Record<OrderModeType, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Retiro en el local',
  DINE_IN: 'Comer en el local',
  SELF_SERVICE: 'Autoservicio',
};
