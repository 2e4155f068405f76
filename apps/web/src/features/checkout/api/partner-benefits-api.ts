/**
 * External benefits (ordering §6 "External-loyalty user", §7
 * `POST /api/external-benefits/{partner}`; ADR 015 and 030): the partner
 * link's fields kept for the session, and the partner's discounts for its
 * user, read with the user token as a bearer header. The discounts come in
 * list order with their priorities, as the domain's pricing picks among them.
 */
import type { GeneralDiscount } from '@comanda/domain/types';
import { apiRequest } from '../../../lib/api-client';
import { entryToMinor, type MajorEntry, partnerAuthorization } from './checkout-api';

/** A partner link: who the diner is for the partner, and the partner's proof of it. */
export interface PartnerLink {
  partner: string;
  externalUserId: string;
  userToken: string;
}

/** The partner link among the entry parameters, when all three of its fields came. */
export function partnerLinkOf(entry: {
  partner: string | null;
  externalUserId: string | null;
  userToken: string | null;
}): PartnerLink | null {
  const { partner, externalUserId, userToken } = entry;
  return partner && externalUserId && userToken ? { partner, externalUserId, userToken } : null;
}

/** Where the diner orders: the preview is for one location and order mode. */
export interface PartnerBenefitsPlace {
  branchId: number;
  branchContactId: number;
  orderModeId: number;
}

/**
 * The partner's discounts for the link's user at this place, as the domain
 * prices them (FIXED in minor units, `externalBenefitType` = the partner, as
 * the server stores it). Rejects with the API's error: 401 when the token is
 * refused (bad, expired, someone else's), 400 for an unknown partner.
 */
export async function partnerBenefitsGet(
  link: PartnerLink,
  place: PartnerBenefitsPlace,
  mantissaLength: number,
  signal?: AbortSignal,
): Promise<GeneralDiscount[]> {
  const answer = await apiRequest<{ partner: string; generalDiscounts: MajorEntry[] }>(
    `/external-benefits/${encodeURIComponent(link.partner)}`,
    {
      method: 'POST',
      body: { ...place, externalUserId: link.externalUserId },
      headers: partnerAuthorization(link.userToken),
      ...(signal ? { signal } : {}),
    },
  );
  return answer.generalDiscounts.map(
    (entry) =>
      ({ ...entryToMinor(entry, mantissaLength), externalBenefitType: answer.partner }) as GeneralDiscount,
  );
}
