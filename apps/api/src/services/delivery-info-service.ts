/**
 * Delivery info of a point for a branch contact (ordering §3 "Delivery info"):
 * which of the location's zones applies (packages/domain `deliveryZoneInfo`,
 * first listed match wins), with the rider side added here because it needs
 * the database: with own logistics and no rider on shift the providers failed,
 * and cash is available only if some rider on shift takes it.
 *
 * Order placement can recompute the delivery fee with this same function (and
 * packages/domain `deliveryFeeCompute`), so the preview and the order agree.
 */
import { type DeliveryZone, deliveryZoneInfo, type LatLng } from '@comanda/domain/delivery-zone';
import { guideReachableByDelivery } from '@comanda/domain/guide';
import { moneyMinor } from '@comanda/domain/money';
import type { DeliveryInfo } from '@comanda/domain/types';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { riders } from '../db/schema/logistics';
import { branchContacts, branches, deliveryZones, orderModes } from '../db/schema/tenant';
import { notFound } from '../lib/http-error';
import {
  type BranchContactRow,
  branchContactFind,
  companyWithCountryFind,
} from '../repositories/tenant-repository';

/** The delivery info in minor units, with the zone's name, and the currency's decimals to present it. */
export interface DeliveryInfoResult {
  info: DeliveryInfo & { zoneName: string | null };
  mantissaLength: number;
  branchContact: BranchContactRow;
}

type ZoneRow = typeof deliveryZones.$inferSelect;

/** A stored zone as the domain reads it; a radius zone needs the location's coordinates. */
function zoneOf(row: ZoneRow): DeliveryZone | null {
  const fees = {
    name: row.name,
    fee: moneyMinor(row.fee),
    cashFee: moneyMinor(row.cashFee),
    minimumOrderPrice: moneyMinor(row.minimumOrderPrice),
    ...(row.freeDeliveryFrom === null ? {} : { freeDeliveryFrom: moneyMinor(row.freeDeliveryFrom) }),
  };
  if (row.radiusMeters !== null) return { ...fees, radiusMeters: row.radiusMeters };
  if (row.polygon && row.polygon.length >= 3) return { ...fees, polygon: row.polygon };
  return null;
}

/**
 * The delivery info of `point` for branch contact `branchContactId`. Throws a
 * 404 HttpError when the branch contact does not exist.
 */
export async function deliveryInfoForPoint(
  db: Queryable,
  branchContactId: number,
  point: LatLng,
): Promise<DeliveryInfoResult> {
  const contact = await branchContactFind(db, branchContactId);
  if (!contact) throw notFound(`No existe el local ${branchContactId}`);
  const found = await companyWithCountryFind(db, contact.companyId);
  if (!found) throw notFound(`No existe el local ${branchContactId}`);

  const [zoneRows, riderRows] = await Promise.all([
    db
      .select()
      .from(deliveryZones)
      .where(
        and(eq(deliveryZones.companyId, contact.companyId), eq(deliveryZones.branchContactId, contact.id)),
      )
      .orderBy(asc(deliveryZones.position), asc(deliveryZones.id)),
    contact.ownLogistics
      ? db
          .select({ acceptsCash: riders.acceptsCash })
          .from(riders)
          .where(
            and(
              eq(riders.companyId, contact.companyId),
              eq(riders.branchContactId, contact.id),
              eq(riders.active, true),
            ),
          )
      : Promise.resolve([]),
  ]);

  const origin = contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : null;
  // Without the location's own coordinates a radius cannot be measured: only polygons can match.
  const zones = zoneRows
    .map(zoneOf)
    .filter((zone): zone is DeliveryZone => zone !== null && (origin !== null || !('radiusMeters' in zone)));

  const ownLogistics = contact.ownLogistics;
  const info = deliveryZoneInfo(zones, origin ?? point, point, {
    ownLogistics,
    providersFailed: ownLogistics && riderRows.length === 0,
    cashAvailable: ownLogistics ? riderRows.some((rider) => rider.acceptsCash) : true,
  });
  return { info, mantissaLength: found.country.mantissaLength, branchContact: contact };
}

/**
 * Which of a brand's listed locations deliver to `point` (the branch screen's
 * cards, issue 13): every location of the branch that is not retired nor
 * blocked, each `insideDeliveryArea` when it takes delivery (an active DELIVERY
 * mode) and one of its zones holds the point — the guide's rule
 * (`guideReachableByDelivery`) on the zones `deliveryInfoForPoint` reads, in three queries for the whole brand instead of one
 * request per location. Throws a 404 HttpError for an unknown or retired branch.
 */
export async function deliveryReachForBranch(
  db: Queryable,
  branchId: number,
  point: LatLng,
): Promise<{ id: number; insideDeliveryArea: boolean }[]> {
  const [branch] = await db
    .select({ id: branches.id, companyId: branches.companyId })
    .from(branches)
    .where(and(eq(branches.id, branchId), ne(branches.position, RETIRED_POSITION)));
  if (!branch) throw notFound(`No existe la marca ${branchId}`);
  const contacts = await db
    .select({ id: branchContacts.id, lat: branchContacts.lat, lng: branchContacts.lng })
    .from(branchContacts)
    .where(
      and(
        eq(branchContacts.companyId, branch.companyId),
        eq(branchContacts.branchId, branch.id),
        eq(branchContacts.blocked, false),
        ne(branchContacts.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
  const ids = contacts.map((contact) => contact.id);
  if (ids.length === 0) return [];
  const [zoneRows, deliveryModes] = await Promise.all([
    db
      .select()
      .from(deliveryZones)
      .where(and(eq(deliveryZones.companyId, branch.companyId), inArray(deliveryZones.branchContactId, ids)))
      .orderBy(asc(deliveryZones.position), asc(deliveryZones.id)),
    db
      .select({ branchContactId: orderModes.branchContactId })
      .from(orderModes)
      .where(
        and(
          eq(orderModes.companyId, branch.companyId),
          inArray(orderModes.branchContactId, ids),
          eq(orderModes.type, 'DELIVERY'),
          eq(orderModes.active, true),
          ne(orderModes.position, RETIRED_POSITION),
        ),
      ),
  ]);
  const delivering = new Set(deliveryModes.map((mode) => mode.branchContactId));
  return contacts.map((contact) => {
    const origin =
      contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : null;
    const zones = zoneRows
      .filter((row) => row.branchContactId === contact.id)
      .map(zoneOf)
      .filter(
        (zone): zone is DeliveryZone => zone !== null && (origin !== null || !('radiusMeters' in zone)),
      );
    return {
      id: contact.id,
      insideDeliveryArea: guideReachableByDelivery(zones, origin ?? point, point, delivering.has(contact.id)),
    };
  });
}
