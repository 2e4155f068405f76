#!/usr/bin/env node
// The branch guide's nearby search with 100,000 locations (issue 12, "Branch
// guide": the nearest page in ≤ 20 ms p95 on PostgreSQL, no PostGIS).
//
//   node --import tsx bench/guide-near.mjs
//
// A throwaway PostgreSQL database next to BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), migrated
// as the API migrates on start (GiST index on point(lng, lat), migration 0009).
// The example tenant through the real importer, then 100,000 branch contacts of
// that company written straight in (batches of `insert … select unnest`): spread
// around 24 Latin American cities by population (normal spread, a city's own
// width) and 5 % scattered anywhere over the continent; each with a DELIVERY
// order mode and one to three delivery zones (radius, some polygons); 2 %
// blocked, 1 % retired, 1 % without coordinates.
//
// Measured in process, through the real service (`guideSearch`, the one
// `POST /api/menu/near` calls: filters, repository, delivery reach, presenter)
// on the API's own pool, so HTTP and the route's rate limit stay out of it:
//   - the nearest page (offset 0, 20 cards) for diners in the cities (70 %), on
//     their outskirts (20 %) and anywhere on the continent (10 %, the widest
//     radius search);
//   - page 5 (offset 80) for diners in the cities;
//   - the reference, interleaved: a primary-key lookup of one location on the
//     same pool (one round trip, one index probe), reported as a ratio;
//   - the nearest page again with the index dropped (every search reads the
//     whole table), to show what the index buys.
//
// Environment: BENCH_GUIDE_LOCATIONS (100000), BENCH_GUIDE_SEARCHES (1000).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { databaseOpen } from '../apps/api/src/db/client.ts';
import { guideNearestPage } from '../apps/api/src/repositories/guide-repository.ts';
import { guideSearch } from '../apps/api/src/services/guide-service.ts';
import { tenantImport } from '../apps/api/src/tenant/tenant-import.ts';
import { geoDistanceMeters } from '../packages/domain/src/delivery-zone.ts';
import {
  databaseQuery,
  exampleTenantDeliveryOpen,
  gitCommit,
  machine,
  percentile,
  resultsWrite,
  round2,
  throwawayDatabase,
} from './lib/fleet.mjs';

const LOCATIONS = Number(process.env.BENCH_GUIDE_LOCATIONS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_GUIDE_SEARCHES ?? 1000);
const NO_INDEX_SEARCHES = Math.max(20, Math.round(SEARCHES / 10));
const PAGE_SIZE = 20;
const BATCH = 5000;
const log = (message) => console.log(`[guide-near] ${message}`);

/** Cities, population in millions (weight) and spread (standard deviation, km). */
const CITIES = [
  ['Ciudad de México', 19.4326, -99.1332, 21.8, 14],
  ['São Paulo', -23.5505, -46.6333, 22.0, 14],
  ['Buenos Aires', -34.6037, -58.3816, 15.4, 12],
  ['Rio de Janeiro', -22.9068, -43.1729, 13.6, 12],
  ['Bogotá', 4.711, -74.0721, 11.3, 8],
  ['Lima', -12.0464, -77.0428, 11.0, 10],
  ['Santiago', -33.4489, -70.6693, 6.9, 9],
  ['Belo Horizonte', -19.9167, -43.9345, 6.1, 8],
  ['Guadalajara', 20.6597, -103.3496, 5.3, 8],
  ['Monterrey', 25.6866, -100.3161, 5.3, 8],
  ['Caracas', 10.4806, -66.9036, 2.9, 6],
  ['Medellín', 6.2442, -75.5812, 4.1, 6],
  ['Fortaleza', -3.7319, -38.5267, 4.1, 7],
  ['Salvador', -12.9777, -38.5016, 3.9, 7],
  ['Recife', -8.0476, -34.877, 4.2, 7],
  ['Porto Alegre', -30.0346, -51.2177, 4.3, 8],
  ['Curitiba', -25.4284, -49.2733, 3.7, 7],
  ['Montevideo', -34.9011, -56.1645, 1.8, 6],
  ['Quito', -0.1807, -78.4678, 2.0, 6],
  ['Guayaquil', -2.1894, -79.8891, 3.1, 6],
  ['Córdoba', -31.4201, -64.1888, 1.6, 6],
  ['Rosario', -32.9442, -60.6505, 1.4, 5],
  ['Asunción', -25.2637, -57.5759, 2.3, 6],
  ['La Paz', -16.4897, -68.1193, 1.9, 5],
].map(([name, lat, lng, weight, spreadKm]) => ({ name, lat, lng, weight, spreadKm }));
const TOTAL_WEIGHT = CITIES.reduce((sum, city) => sum + city.weight, 0);
/** Latin America, roughly: where the scattered 5 % fall and the "anywhere" diners stand. */
const CONTINENT = { minLat: -55, maxLat: 32, minLng: -117, maxLng: -35 };

// A seeded generator: the same 100,000 locations every run.
let seed = 12_345;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
function gaussian() {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
function city() {
  let pick = random() * TOTAL_WEIGHT;
  for (const c of CITIES) {
    pick -= c.weight;
    if (pick <= 0) return c;
  }
  return CITIES[0];
}
function around(c, spreadKm) {
  const lat = c.lat + (gaussian() * spreadKm) / 111.32;
  const lng = c.lng + (gaussian() * spreadKm) / (111.32 * Math.cos((c.lat * Math.PI) / 180));
  return { lat, lng };
}
function anywhere() {
  return {
    lat: CONTINENT.minLat + random() * (CONTINENT.maxLat - CONTINENT.minLat),
    lng: CONTINENT.minLng + random() * (CONTINENT.maxLng - CONTINENT.minLng),
  };
}

const STREETS = [
  'Av. Libertador',
  'Calle Bolívar',
  'Av. San Martín',
  'Rua Augusta',
  'Av. Reforma',
  'Calle 85',
];

/** Inserts the locations, their order modes and zones in batches, in the example company. */
async function locationsInsert(url, company) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let start = 0; start < LOCATIONS; start += BATCH) {
      const rows = {
        alias: [],
        name: [],
        address: [],
        phone: [],
        lat: [],
        lng: [],
        blocked: [],
        position: [],
        branch: [],
      };
      for (let i = start; i < Math.min(LOCATIONS, start + BATCH); i += 1) {
        const c = city();
        const point = random() < 0.05 ? anywhere() : around(c, c.spreadKm);
        const unlocated = random() < 0.01;
        rows.alias.push(`bench-guide-${i}`);
        rows.name.push(`Local ${String(i).padStart(6, '0')} ${c.name}`);
        rows.address.push(
          JSON.stringify({
            street: STREETS[i % STREETS.length],
            number: String(100 + (i % 5000)),
            city: c.name,
          }),
        );
        rows.phone.push(`+54911${String(40_000_000 + i)}`);
        rows.lat.push(unlocated ? null : point.lat);
        rows.lng.push(unlocated ? null : point.lng);
        rows.blocked.push(random() < 0.02);
        rows.position.push(random() < 0.01 ? -1 : i);
        rows.branch.push(company.branchIds[i % company.branchIds.length]);
      }
      const { rows: inserted } = await client.query(
        `insert into branch_contacts (company_id, branch_id, alias, name, address, whats_app_phone, lat, lng, blocked, position)
         select $1, br, a, n, ad::jsonb, p, la, ln, b, po
           from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[],
                       $9::bool[], $10::int[]) as t(br, a, n, ad, p, la, ln, b, po)
         returning id, lat, lng`,
        [
          company.companyId,
          rows.branch,
          rows.alias,
          rows.name,
          rows.address,
          rows.phone,
          rows.lat,
          rows.lng,
          rows.blocked,
          rows.position,
        ],
      );
      const ids = inserted.map((row) => row.id);
      await client.query(
        `insert into order_modes (company_id, branch_contact_id, key, type, show_name, menu_id)
         select $1, id, 'delivery', 'DELIVERY', 'Delivery', $2 from unnest($3::int[]) as t(id)`,
        [company.companyId, company.menuId, ids],
      );
      const zones = { contact: [], position: [], name: [], radius: [], polygon: [] };
      for (const row of inserted) {
        const count = 1 + Math.floor(random() * 3);
        for (let z = 0; z < count; z += 1) {
          zones.contact.push(row.id);
          zones.position.push(z);
          zones.name.push(`Zona ${z + 1}`);
          const polygon = z === 2 && row.lat !== null;
          const d = 0.03;
          zones.radius.push(polygon ? null : 1500 * (z + 1));
          zones.polygon.push(
            polygon
              ? JSON.stringify([
                  [row.lng - d, row.lat - d],
                  [row.lng + d, row.lat - d],
                  [row.lng + d, row.lat + d],
                  [row.lng - d, row.lat + d],
                  [row.lng - d, row.lat - d],
                ])
              : null,
          );
        }
      }
      await client.query(
        `insert into delivery_zones (company_id, branch_contact_id, position, name, radius_meters, polygon, fee, cash_fee)
         select $1, c, p, n, r, pg::jsonb, 1500, 1500
           from unnest($2::int[], $3::int[], $4::text[], $5::int[], $6::text[]) as t(c, p, n, r, pg)`,
        [company.companyId, zones.contact, zones.position, zones.name, zones.radius, zones.polygon],
      );
      if ((start / BATCH) % 5 === 0) log(`${start + inserted.length} locations`);
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

function stats(values) {
  return {
    n: values.length,
    p50: round2(percentile(values, 50)),
    p95: round2(percentile(values, 95)),
    p99: round2(percentile(values, 99)),
    max: round2(Math.max(...values)),
  };
}

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

function diner(kind) {
  if (kind === 'anywhere') return anywhere();
  const c = city();
  return around(c, kind === 'outskirts' ? c.spreadKm * 2.5 : c.spreadKm);
}

async function main() {
  const loadBefore = os.loadavg().map(round2);
  const database = await throwawayDatabase('bench_guide');
  log(`database ${database.name}`);
  let opened;
  try {
    opened = await databaseOpen({ databaseUrl: database.url });
    const imported = await tenantImport(opened.db, exampleTenantDeliveryOpen());
    if (!imported.ok) throw new Error(imported.errors.join('\n'));
    const [company] = (
      await databaseQuery(
        database.url,
        `select b.company_id as "companyId", b.id as "branchId", m.id as "menuId"
           from branches b join menus m on m.branch_id = b.id where b.company_id = $1 limit 1`,
        [imported.companyId],
      )
    ).rows;
    // Locations spread over 2,000 brands, as many venues' locations would be.
    const { rows: brands } = await databaseQuery(
      database.url,
      `insert into branches (company_id, alias, name, position)
       select $1, 'bench-guide-brand-' || g, 'Marca ' || g, g from generate_series(1, 2000) g returning id`,
      [company.companyId],
    );
    company.branchIds = [company.branchId, ...brands.map((row) => row.id)];
    const t0 = performance.now();
    await locationsInsert(database.url, company);
    const insertMs = performance.now() - t0;
    const counts = (
      await databaseQuery(
        database.url,
        `select count(*)::int as contacts,
                (select count(*)::int from delivery_zones) as zones,
                pg_size_pretty(pg_relation_size('branch_contacts_guide_point_idx')) as index_size
           from branch_contacts`,
      )
    ).rows[0];
    log(
      `${counts.contacts} locations, ${counts.zones} zones in ${Math.round(insertMs)} ms; index ${counts.index_size}`,
    );

    const db = opened.db;
    const search = (center, offset = 0) =>
      guideSearch(db, { ...center, pagingOption: { pageSize: PAGE_SIZE, offset } }, undefined);
    const reference = () =>
      // One round trip, one primary-key probe: the floor of any read on this pool.
      db.execute(
        sql`select id, alias, name from branch_contacts where id = ${1 + Math.floor(random() * LOCATIONS)}`,
      );

    // Warm-up: plans cached, pages in memory.
    for (let i = 0; i < 50; i += 1) {
      await search(diner('city'));
      await reference();
    }
    const kinds = { city: 0.7, outskirts: 0.2, anywhere: 0.1 };
    const byKind = { city: [], outskirts: [], anywhere: [] };
    const all = [];
    const ref = [];
    const page5 = [];
    let cards = 0;
    let reachable = 0;
    for (let i = 0; i < SEARCHES; i += 1) {
      const r = random();
      const kind = r < kinds.city ? 'city' : r < kinds.city + kinds.outskirts ? 'outskirts' : 'anywhere';
      const run = await timed(() => search(diner(kind)));
      byKind[kind].push(run.ms);
      all.push(run.ms);
      cards += run.value.branchContacts.length;
      reachable += run.value.branchContacts.filter((card) => card.reachableByDelivery).length;
      ref.push((await timed(reference)).ms);
      if (i % 4 === 0) page5.push((await timed(() => search(diner('city'), 4 * PAGE_SIZE))).ms);
    }
    if (cards !== SEARCHES * PAGE_SIZE) throw new Error(`a search answered fewer than ${PAGE_SIZE} cards`);

    // The server's own time for the statement, apart from the round trip and the machine's other load.
    const plans = [];
    const explaining = {
      execute: async (query) => {
        const answer = await db.execute(sql`explain (analyze, buffers) ${query}`);
        plans.push(answer.rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [] };
      },
    };
    const serverMs = [];
    for (let i = 0; i < 100; i += 1) {
      await guideNearestPage(explaining, { center: diner('city'), offset: 0, pageSize: PAGE_SIZE });
      serverMs.push(Number(/Execution Time: ([\d.]+) ms/.exec(plans.at(-1))?.[1] ?? Number.NaN));
    }
    const samplePlan = plans.at(-1);

    // Correctness: every page equals the true nearest 20 by haversine over every listed location, computed here.
    const { rows: listed } = await databaseQuery(
      database.url,
      `select bc.id, bc.lat, bc.lng from branch_contacts bc
        where bc.lat is not null and bc.lng is not null and not bc.blocked and bc.position <> -1
          and exists (select 1 from branches b where b.id = bc.branch_id and b.position <> -1)
          and exists (select 1 from order_modes m where m.branch_contact_id = bc.id and m.active and m.position <> -1)`,
    );
    let checked = 0;
    for (const kind of ['city', 'outskirts', 'anywhere']) {
      for (let i = 0; i < 20; i += 1) {
        const at = diner(kind);
        const page = await search(at);
        const truth = listed
          .map((row) => Math.round(geoDistanceMeters(at, { lat: row.lat, lng: row.lng })))
          .sort((a, b) => a - b)
          .slice(0, PAGE_SIZE);
        const got = page.branchContacts.map((card) => card.distanceInMeters);
        if (JSON.stringify(got) !== JSON.stringify(truth)) {
          throw new Error(`wrong page at ${JSON.stringify(at)}: ${got.join(',')} ≠ ${truth.join(',')}`);
        }
        checked += 1;
      }
    }
    log(`${checked} pages equal the brute-force nearest`);

    log('dropping the index: every search reads the whole table');
    await databaseQuery(database.url, 'drop index branch_contacts_guide_point_idx');
    const noIndex = [];
    for (let i = 0; i < NO_INDEX_SEARCHES; i += 1)
      noIndex.push((await timed(() => search(diner('city')))).ms);

    const result = {
      measuredAt: new Date().toISOString(),
      commit: gitCommit(),
      machine: { ...machine(), loadAverage: loadBefore, loadAverageAfter: os.loadavg().map(round2) },
      postgres: (await databaseQuery(database.url, 'select version()')).rows[0].version.split(' on ')[0],
      locations: counts.contacts,
      deliveryZones: counts.zones,
      indexSize: counts.index_size,
      insertMs: Math.round(insertMs),
      pageSize: PAGE_SIZE,
      nearestPage: stats(all),
      nearestPageByDiner: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, stats(v)])),
      page5: stats(page5),
      reference: stats(ref),
      serverExecution: stats(serverMs),
      samplePlan,
      ratioP95: round2(percentile(all, 95) / percentile(ref, 95)),
      ratioP50: round2(percentile(all, 50) / percentile(ref, 50)),
      withoutIndex: stats(noIndex),
      pagesCheckedAgainstBruteForce: checked,
      cardsReachableByDelivery: round2(reachable / cards),
      bar: { p95Ms: 20, met: percentile(all, 95) <= 20 },
    };
    resultsWrite('guide-near', result, markdown(result));
    log(
      `nearest page p50 ${result.nearestPage.p50} / p95 ${result.nearestPage.p95} / p99 ${result.nearestPage.p99} ms`,
    );
    log(
      `reference p50 ${result.reference.p50} / p95 ${result.reference.p95} ms; ratio p95 ${result.ratioP95}`,
    );
    log(`without the index p50 ${result.withoutIndex.p50} / p95 ${result.withoutIndex.p95} ms`);
  } finally {
    await opened?.close();
    await database.drop();
  }
}

function markdown(r) {
  const row = (label, s) => `| ${label} | ${s.n} | ${s.p50} | **${s.p95}** | ${s.p99} | ${s.max} |`;
  return `# Branch guide: the nearest page among ${r.locations.toLocaleString('en')} locations

Measured ${r.measuredAt} at commit ${r.commit} by \`node --import tsx bench/guide-near.mjs\` on ${r.machine.cpus} ×
${r.machine.cpuModel}, Node ${r.machine.node}, ${r.postgres}; load average before the run
${r.machine.loadAverage.join(' / ')}, after ${r.machine.loadAverageAfter.join(' / ')} (the machine is shared).

${r.locations.toLocaleString('en')} branch contacts around 24 Latin American cities (5 % scattered over the continent;
2 % blocked, 1 % retired, 1 % without coordinates; 2,000 brands), ${r.deliveryZones.toLocaleString('en')} delivery zones, each with
an active DELIVERY mode. GiST index on \`point(lng, lat)\`: ${r.indexSize}. Each search: \`guideSearch\` (the service
behind \`POST /api/menu/near\`) for ${r.pageSize} cards, in process on the API's pg pool, PostgreSQL on loopback.

| Search (ms) | n | p50 | p95 | p99 | max |
|---|---:|---:|---:|---:|---:|
${row('**Nearest page, all diners**', r.nearestPage)}
${row('… diners in a city', r.nearestPageByDiner.city)}
${row('… on a city’s outskirts', r.nearestPageByDiner.outskirts)}
${row('… anywhere on the continent', r.nearestPageByDiner.anywhere)}
${row('Page 5 (offset 80), diners in a city', r.page5)}
${row('Reference: primary-key lookup, same pool (interleaved)', r.reference)}
${row('Nearest page without the index (full scan)', r.withoutIndex)}
${row('Server execution time of the statement (EXPLAIN ANALYZE), diners in a city', r.serverExecution)}

Correct by true distance: ${r.pagesCheckedAgainstBruteForce} pages (20 per kind of diner) equal the nearest 20 computed
by brute force over every listed location.

Bar: nearest page p95 ≤ ${r.bar.p95Ms} ms — **${r.bar.met ? 'met' : 'NOT met'}** (${r.nearestPage.p95} ms). Ratio to the
reference: p50 ${r.ratioP50}, p95 **${r.ratioP95}**. ${Math.round(r.cardsReachableByDelivery * 100)} % of the cards
shown said their delivery reaches the diner.

One plan (EXPLAIN ANALYZE, a diner in a city):

\`\`\`
${r.samplePlan}
\`\`\`
`;
}

await main();
