/**
 * The guide card (follow-up §3 "Branch contact (guide card)"): only what the card
 * shows. The venue's WhatsApp number is its public contact, nothing personal.
 */
import { geoDistanceMeters, type LatLng } from '@comanda/domain/delivery-zone';
import type { GuideRow } from '../repositories/guide-repository';
import type { GuidePageView } from '../schemas/guide';

export function guidePagePresent(input: {
  rows: readonly GuideRow[];
  center: LatLng;
  pageSize: number;
  offset: number;
  hasMore: boolean;
  reachable: (row: GuideRow) => boolean;
}): GuidePageView {
  return {
    branchContacts: input.rows.map((row) => ({
      id: row.id,
      alias: row.alias,
      name: row.name,
      address: {
        street: row.address.street ?? null,
        number: row.address.number ?? null,
        city: row.address.city ?? null,
      },
      whatsAppPhone: row.whatsAppPhone,
      distanceInMeters: Math.round(geoDistanceMeters(input.center, { lat: row.lat, lng: row.lng })),
      reachableByDelivery: input.reachable(row),
    })),
    pagingOption: { pageSize: input.pageSize, offset: input.offset },
    hasMore: input.hasMore,
  };
}
