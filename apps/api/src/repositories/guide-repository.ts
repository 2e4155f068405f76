/**
 * The branch guide's read (follow-up §2.4, `POST /api/menu/near`): the listed
 * locations nearest to a point by true (haversine) distance, one page at a time,
 * each with its delivery zones and whether it takes delivery orders.
 *
 * Listed: not blocked, not retired (nor its brand), with coordinates, and taking
 * orders (an active order mode). The guide crosses companies on the platform's
 * host; `companyId` keeps it to one company on that company's own host.
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comanda/domain/delivery-zone';
import { GEO_HALF_CIRCUMFERENCE_METERS, geoBoundingBox } from '@comanda/domain/geo-bounding-box';
import { guideSearchRadii } from '@comanda/domain/guide';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import type { Address } from '../db/schema/tenant';

export interface GuideSearch {
  center: LatLng;
  offset: number;
  pageSize: number;
  /** Only this company's locations (a company's own host). */
  companyId?: number;
  /** Only locations of companies in these countries (ISO codes, upper case). */
  countryCodes?: readonly string[];
  /** Only these locations, by id or alias (lower case). */
  branchContactIds?: readonly number[];
  branchContactAliases?: readonly string[];
}

/** A delivery zone as stored: a radius around the location or a polygon of `[lng, lat]` pairs. */
export interface GuideZone {
  name: string;
  radiusMeters: number | null;
  polygon: [number, number][] | null;
}

export interface GuideRow {
  id: number;
  alias: string;
  name: string;
  address: Address;
  whatsAppPhone: string | null;
  lat: number;
  lng: number;
  /** In their listed order: the first containing zone applies. */
  zones: GuideZone[];
  /** An active DELIVERY order mode. */
  takesDelivery: boolean;
}

const RETIRED = sql.raw(String(RETIRED_POSITION));

/**
 * One page of listed locations nearest to `center`, and whether more follow, in
 * one statement (one round trip).
 *
 * The GiST index on `point(lng, lat)` finds the locations inside the bounding box
 * of a circle; the exact distance keeps those inside the circle. Every location
 * outside the circle is farther than every one inside, so a circle holding
 * offset + pageSize + 1 of them holds the true page. `steps` lists circles of
 * growing radius (1 km, 1.4 km, 2 km, …, the whole Earth last); `chosen` is the first
 * that holds enough (each check an index scan that stops at that count; the
 * executor stops at the first step that passes). The page is then read inside it,
 * ordered by exact distance, ties by name.
 */
export async function guideNearestPage(
  db: Queryable,
  search: GuideSearch,
): Promise<{ rows: GuideRow[]; hasMore: boolean }> {
  const wanted = search.pageSize + 1;
  const needed = search.offset + wanted;
  const steps = guideSearchRadii().map((radius, index) => {
    const whole = radius >= GEO_HALF_CIRCUMFERENCE_METERS;
    const box = whole
      ? { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 }
      : geoBoundingBox(search.center, radius);
    // The last step takes every location, however few: its radius is infinite.
    const bound = whole ? sql`'Infinity'::float8` : sql`${radius}::float8`;
    return sql`(${index}::int, ${bound}, ${box.minLng}::float8, ${box.minLat}::float8, ${box.maxLng}::float8, ${box.maxLat}::float8)`;
  });
  const listed = listedConditions(search);
  // Written as the index's expression, so that the planner uses it.
  const inside = sql`point(bc.lng, bc.lat) <@ box(point(s.min_lng, s.min_lat), point(s.max_lng, s.max_lat))`;
  const distance = distanceSql(search.center);
  const result = (await db.execute(sql`
    with steps (step, radius, min_lng, min_lat, max_lng, max_lat) as (values ${sql.join(steps, sql`, `)}),
    chosen as (
      select s.* from steps s
       where s.radius = 'Infinity'::float8
          or (select count(*) from (select 1 from branch_contacts bc
                                     where ${listed} and ${inside} and ${distance} <= s.radius
                                     limit ${needed}) enough) = ${needed}
       limit 1
    )
    select page.id, page.alias, page.name, page.address, page.whats_app_phone, page.lat, page.lng,
           coalesce((select json_agg(json_build_object('name', z.name, 'radiusMeters', z.radius_meters,
                                                       'polygon', z.polygon) order by z.position, z.id)
                       from delivery_zones z
                      where z.branch_contact_id = page.id and z.company_id = page.company_id), '[]'::json) as zones,
           exists (select 1 from order_modes m
                    where m.branch_contact_id = page.id and m.company_id = page.company_id
                      and m.type = 'DELIVERY' and m.active and m.position <> ${RETIRED}) as takes_delivery
      from chosen s
     cross join lateral (
       select bc.id, bc.company_id, bc.alias, bc.name, bc.address, bc.whats_app_phone, bc.lat, bc.lng,
              ${distance} as distance
         from branch_contacts bc
        where ${listed} and ${inside} and ${distance} <= s.radius
        order by distance, bc.name, bc.id
       offset ${search.offset} limit ${wanted}) page
     order by page.distance, page.name, page.id`)) as unknown as { rows: Record<string, unknown>[] };
  const rows = result.rows.map(guideRowOf);
  return { rows: rows.slice(0, search.pageSize), hasMore: rows.length === wanted };
}

/** The exact great-circle distance in SQL: the domain's haversine (`geoDistanceMeters`), same Earth radius. */
function distanceSql(center: LatLng): SQL {
  return sql`(${2 * EARTH_RADIUS_METERS}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(bc.lat - ${center.lat}::float8) / 2), 2)
      + cos(radians(${center.lat}::float8)) * cos(radians(bc.lat))
        * power(sin(radians(bc.lng - ${center.lng}::float8) / 2), 2)))))`;
}

/** Listed, and within the request's filters. */
function listedConditions(search: GuideSearch): SQL {
  const conditions: SQL[] = [
    sql`bc.lat is not null and bc.lng is not null`,
    sql`not bc.blocked and bc.position <> ${RETIRED}`,
    sql`exists (select 1 from branches b where b.id = bc.branch_id and b.position <> ${RETIRED})`,
    sql`exists (select 1 from order_modes m where m.branch_contact_id = bc.id and m.active and m.position <> ${RETIRED})`,
  ];
  if (search.companyId !== undefined) conditions.push(sql`bc.company_id = ${search.companyId}`);
  if (search.countryCodes?.length) {
    const codes = sql.join(
      search.countryCodes.map((code) => sql`${code}`),
      sql`, `,
    );
    conditions.push(sql`bc.company_id in (select c.id from companies c where c.country_code in (${codes}))`);
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
  return sql.join(conditions, sql` and `);
}

function guideRowOf(row: Record<string, unknown>): GuideRow {
  const zones = typeof row.zones === 'string' ? JSON.parse(row.zones) : row.zones;
  return {
    id: Number(row.id),
    alias: String(row.alias),
    name: String(row.name),
    address: (row.address ?? {}) as Address,
    whatsAppPhone: (row.whats_app_phone as string | null) ?? null,
    lat: Number(row.lat),
    lng: Number(row.lng),
    zones: (zones ?? []) as GuideZone[],
    takesDelivery: row.takes_delivery === true,
  };
}
