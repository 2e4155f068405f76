// The reference of bench/rider-positions.mjs: a bare node:http server that
// answers the same request (`POST /api/rider/position`, a bearer token, a
// JSON body) with the same database work as the API's position report — the
// one statement of apps/api/src/repositories/shipment-position-repository.ts
// on a pg pool of the same size — and nothing else: no framework, no schema
// validation, and the session looked up in memory (loaded at start) instead
// of in the database. Its latency is the floor of "HTTP request in, one
// UPDATE out" on this machine.
//
//   DATABASE_URL=… PORT=… node bench/lib/position-reference.mjs
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const sessions = new Map();
const { rows } = await pool.query(
  'select s.token_hash, r.id, r.company_id, r.branch_contact_id from rider_sessions s join riders r on r.id = s.rider_id',
);
for (const row of rows) sessions.set(row.token_hash, row);

const STATEMENT = `
  with moved as (
    update riders
       set lat = $1, lng = $2, position_accuracy = $3, position_at = $4::timestamptz
     where id = $5 and company_id = $6 and branch_contact_id = $7 and active
       and (position_at is null or position_at <= $8::timestamptz or position_at > $4::timestamptz)
    returning id
  )
  select moved.id as rider_id, s.logistics_order_id
    from moved
    left join shipments s
      on s.rider_id = moved.id and s.company_id = $6
     and s.status in ('ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF')`;

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    try {
      const token = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const rider = sessions.get(createHash('sha256').update(token).digest('hex'));
      if (!rider) {
        response.writeHead(401).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const now = Date.now();
      await pool.query(STATEMENT, [
        body.lat,
        body.lng,
        body.accuracy ?? null,
        new Date(now).toISOString(),
        rider.id,
        rider.company_id,
        rider.branch_contact_id,
        new Date(now - 2000).toISOString(),
      ]);
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
});

server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
