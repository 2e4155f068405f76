/**
 * The branch guide's reads (follow-up §2.4, `POST /api/menu/near`): the listed
 * locations nearest to a point by true (haversine) distance, one page at a time,
 * and the delivery zones of a page's locations.
 *
 * Listed: not blocked, not retired (nor its brand), with coordinates, and taking
 * orders (an active order mode). The guide crosses companies on the platform's
 * host; `companyId` keeps it to one company on that company's own host.
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comanda/domain/delivery-zone';
import { GEO_HALF_CIRCUMFERENCE_METERS, geoBoundingBox } from '@comanda/domain/geo-bounding-box';
import { guideSearchRadii } from '@comanda/domain/guide';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { type Address, deliveryZones, orderModes } from '../db/schema/tenant';

export interface GuideSearch {
  center: LatLng;
  offset: number;
  pageSize: number;
  /** Only these companies' locations (a company's own host). */
  companyId?: number;
  /** Only locations of companies in these countries (ISO codes, upper case). */
  countryCodes?: readonly string[];
  /** Only these locations, by id or alias (lower case). */
  branchContactIds?: readonly number[];
  branchContactAliases?: readonly string[];
}

export interface GuideRow {
  id: number;
  companyId: number;
  alias: string;
  name: string;
  address: Address;
  whatsAppPhone: string | null;
  lat: number;
  lng: number;
}

/**
 * One page of listed locations nearest to `center`, and whether more follow.
 *
 * The GiST index on `point(lng, lat)` finds the locations inside the bounding box
 * of a circle; the exact distance keeps those inside the circle and orders them.
 * Every location outside the circle is farther than every one inside, so once the
 * circle holds offset + pageSize + 1 of them the page is the true one. Until then
 * the radius doubles (1 km, 2 km, …); the last radius is the whole Earth, read
 * without the box.
 */
export async function guideNearestPage(
  db: Queryable,
  search: GuideSearch,
): Promise<{ rows: GuideRow[]; hasMore: boolean }> {
  const wanted = search.pageSize + 1;
  for (const radius of guideSearchRadii()) {
    const rows = await guideWithin(db, search, radius, wanted);
    if (rows.length === wanted) return { rows: rows.slice(0, search.pageSize), hasMore: true };
    if (radius >= GEO_HALF_CIRCUMFERENCE_METERS) return { rows, hasMore: false };
  }
  return { rows: [], hasMore: false };
}

/** The exact great-circle distance in SQL: the domain's haversine (`geoDistanceMeters`), same Earth radius. */
function distanceSql(center: LatLng): SQL {
  return sql`(${2 * EARTH_RADIUS_METERS}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(bc.lat - ${center.lat}::float8) / 2), 2)
      + cos(radians(${center.lat}::float8)) * cos(radians(bc.lat))
        * power(sin(radians(bc.lng - ${center.lng}::float8) / 2), 2)))))`;
}

async function guideWithin(
  db: Queryable,
  search: GuideSearch,
  radius: number,
  limit: number,
): Promise<GuideRow[]> {
  const conditions: SQL[] = [
    sql`bc.lat is not null and bc.lng is not null`,
    sql`not bc.blocked and bc.position <> ${sql.raw(String(RETIRED_POSITION))}`,
    sql`exists (select 1 from branches b where b.id = bc.branch_id and b.position <> ${sql.raw(String(RETIRED_POSITION))})`,
    sql`exists (select 1 from order_modes m where m.branch_contact_id = bc.id and m.active
                 and m.position <> ${sql.raw(String(RETIRED_POSITION))})`,
  ];
  const whole = radius >= GEO_HALF_CIRCUMFERENCE_METERS;
  if (!whole) {
    const box = geoBoundingBox(search.center, radius);
    // Written as the index's expression so the planner uses it.
    conditions.push(
      sql`point(bc.lng, bc.lat) <@ box(point(${box.minLng}::float8, ${box.minLat}::float8), point(${box.maxLng}::float8, ${box.maxLat}::float8))`,
    );
  }
  if (search.companyId !== undefined) conditions.push(sql`bc.company_id = ${search.companyId}`);
  if (search.countryCodes?.length) {
    conditions.push(
      sql`bc.company_id in (select c.id from companies c where c.country_code in (${sql.join(
        search.countryCodes.map((code) => sql`${code}`),
        sql`, `,
      )}))`,
    );
  }
  const ids = search.branchContactIds ?? [];
  const aliases = search.branchContactAliases ?? [];
  if (ids.length || aliases.length) {
    const named: SQL[] = [];
    if (ids.length)
      named.push(
        sql`bc.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (aliases.length)
      named.push(
        sql`bc.alias in (${sql.join(
          aliases.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      );
    conditions.push(sql`(${sql.join(named, sql` or `)})`);
  }
  // The whole Earth needs no distance bound (and the antipode must not fall out to rounding).
  const within = whole ? sql`true` : sql`distance <= ${radius}::float8`;
  const result = (await db.execute(sql`
    select id, company_id, alias, name, address, whats_app_phone, lat, lng
      from (select bc.id, bc.company_id, bc.alias, bc.name, bc.address, bc.whats_app_phone, bc.lat, bc.lng,
                   ${distanceSql(search.center)} as distance
              from branch_contacts bc
             where ${sql.join(conditions, sql` and `)}) near
     where ${within}
     order by distance, name, id
    offset ${search.offset} limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    id: Number(row.id),
    companyId: Number(row.company_id),
    alias: String(row.alias),
    name: String(row.name),
    address: (row.address ?? {}) as Address,
    whatsAppPhone: (row.whats_app_phone as string | null) ?? null,
    lat: Number(row.lat),
    lng: Number(row.lng),
  }));
}

export type GuideZoneRow = typeof deliveryZones.$inferSelect;

/** The delivery zones of a page's locations, in their listed order (the first containing zone applies). */
export async function guideDeliveryZones(db: Queryable, rows: readonly GuideRow[]): Promise<GuideZoneRow[]> {
  if (rows.length === 0) return [];
  return db
    .select()
    .from(deliveryZones)
    .where(
      inArray(
        deliveryZones.branchContactId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(deliveryZones.branchContactId), asc(deliveryZones.position), asc(deliveryZones.id));
}

/** Which of a page's locations take delivery orders (an active DELIVERY order mode). */
export async function guideDeliveryTakers(db: Queryable, rows: readonly GuideRow[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const takers = await db
    .selectDistinct({ branchContactId: orderModes.branchContactId })
    .from(orderModes)
    .where(
      and(
        inArray(
          orderModes.branchContactId,
          rows.map((row) => row.id),
        ),
        eq(orderModes.type, 'DELIVERY'),
        eq(orderModes.active, true),
        ne(orderModes.position, RETIRED_POSITION),
      ),
    );
  return new Set(takers.map((taker) => taker.branchContactId));
}
