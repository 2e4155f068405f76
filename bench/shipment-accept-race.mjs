#!/usr/bin/env node
// The accept race over HTTP (issue 9, ADR 023): 20 riders accept the same
// shipment at the same moment, 100 times (a fresh shipment each round). The
// bar: exactly one 200 and nineteen 409 EXPIRED_BY_OTHER every round, and the
// shipment held by the rider who got the 200.
//
//   node bench/shipment-accept-race.mjs       (or: npm run bench -- shipment-accept-race)
//
// The API runs as in production (esbuild bundle, LOG_LEVEL=warn) on a
// throwaway PostgreSQL database next to BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) — on
// PostgreSQL the 20 transactions really run at once. The example tenant, its
// delivery open around the clock; 20 riders on shift (bench/lib/fleet.mjs);
// each round's delivery order placed and accepted by staff through the API.
//
// Timing, with a reference measured in the same run, round by round: the same
// 20 riders reading that shipment at once (`GET /api/shipments/{id}`: same
// session check, same connections, no write). Reported: the time until all 20
// answers are in, and the winner's latency, with the ratio of the medians.
//
// Environment: BENCH_RACE_ROUNDS (default 100), BENCH_RACE_RIDERS (default 20).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  adminQuery,
  apiStart,
  buildApi,
  deliveriesAccepted,
  fuegoPalermo,
  gitCommit,
  machine,
  median,
  percentile,
  resultsWrite,
  ridersOnShift,
  round2,
  shipmentsOfOrders,
  throwawayDatabase,
  timedRequest,
} from './lib/fleet.mjs';

const rounds = Number(process.env.BENCH_RACE_ROUNDS ?? 100);
const riderCount = Number(process.env.BENCH_RACE_RIDERS ?? 20);
const log = (message) => console.log(`[shipment-accept-race] ${message}`);

/** All riders at once; answers each answer's status and time, and the time until the last. */
async function burst(agent, riders, url, method, bodyOf) {
  const t0 = performance.now();
  const answers = await Promise.all(
    riders.map((rider) =>
      timedRequest(agent, url, { method, token: rider.token, body: bodyOf ? bodyOf(rider) : undefined }),
    ),
  );
  return { answers, allMs: performance.now() - t0 };
}

function markdown(result) {
  const r = result.race;
  const ref = result.reference;
  return `# Shipment accept race (20 riders, one shipment)

Measured ${result.measuredAt} at commit ${result.commit} by \`node bench/shipment-accept-race.mjs\` on
${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, ${result.postgres}; load average
before the run ${result.machine.loadAverage.join(' / ')} (the machine is shared). API (production bundle, one
process), PostgreSQL and the load generator (node:http, keep-alive, ${result.riders} connections) on one machine,
loopback only.

${result.rounds} rounds; in each, a fresh delivery order is placed and accepted by staff, then ${result.riders} riders
send \`PUT /api/shipments/{id}\` \`{ status: 'ON_ROUTE_TO_PICK_UP' }\` at the same moment.

| Bar | Result |
|---|---|
| **Exactly one 200 per round** | **${r.roundsWithOneWinner} / ${result.rounds} rounds** |
| 409 EXPIRED_BY_OTHER per round | ${r.losersPerRound.min}–${r.losersPerRound.max} (expected ${result.riders - 1}) |
| Other answers | ${r.otherAnswers === 0 ? 'none' : r.otherAnswers} |
| Shipment held by the 200's rider | ${r.holderMatches} / ${result.rounds} |

| Timing (median / p95 / max over rounds) | Accept race | Reference: ${result.riders} riders reading it at once | Ratio (medians) |
|---|---|---|---|
| Until the last of ${result.riders} answers | ${r.allMs.p50} / ${r.allMs.p95} / ${r.allMs.max} ms | ${ref.allMs.p50} / ${ref.allMs.p95} / ${ref.allMs.max} ms | **${result.ratio}** |
| The winner's answer | ${r.winnerMs.p50} / ${r.winnerMs.p95} / ${r.winnerMs.max} ms | — | |

The reference is the same riders, sockets and session check on \`GET /api/shipments/{id}\` of the same
shipment, measured right after each race: what twenty concurrent requests cost on this machine without the
write. The race adds the conditional update (one wins, the others' updates find the row taken and they read it
to say why) and, for the winner, the history line, the order lock and the answer read in the transaction.
`;
}

async function main() {
  const database = await throwawayDatabase('comanda_bench_race');
  const adminToken = randomBytes(16).toString('hex');
  let api;
  try {
    buildApi(log);
    api = await apiStart(database.url, adminToken);
    const fuego = await fuegoPalermo(api.base, adminToken);
    const riders = await ridersOnShift(database.url, fuego.contact.id, riderCount);
    log(`placing and accepting ${rounds} delivery orders`);
    const shipmentIds = await shipmentsOfOrders(
      database.url,
      await deliveriesAccepted(api.base, fuego, rounds),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: riderCount });
    // Warm the connections and the code paths.
    await burst(agent, riders, `${api.base}/api/shipments?pageSize=1`, 'GET');

    const perRound = [];
    for (const [index, id] of shipmentIds.entries()) {
      const url = `${api.base}/api/shipments/${id}`;
      const race = await burst(agent, riders, url, 'PUT', (rider) => ({
        status: 'ON_ROUTE_TO_PICK_UP',
        id,
        rider_id: rider.id,
      }));
      const reference = await burst(agent, riders, url, 'GET');
      const winners = race.answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
      const read = await fetch(url, { headers: { authorization: `Bearer ${riders[0].token}` } });
      const holder = (await read.json()).riderId;
      perRound.push({
        winners: winners.length,
        losers: race.answers.filter((answer) => answer.status === 409).length,
        other: race.answers.filter((answer) => answer.status !== 200 && answer.status !== 409).length,
        holderMatches: winners.length === 1 && holder === riders[winners[0]].id,
        allMs: race.allMs,
        winnerMs: winners.length === 1 ? race.answers[winners[0]].ms : null,
        referenceAllMs: reference.allMs,
        referenceErrors: reference.answers.filter((answer) => answer.status !== 200).length,
      });
      if ((index + 1) % 20 === 0) log(`round ${index + 1}/${rounds}`);
    }
    agent.destroy();

    const stats = (values) => ({
      p50: round2(median(values)),
      p95: round2(percentile(values, 95)),
      max: round2(Math.max(...values)),
    });
    const postgres = `PostgreSQL ${(await adminQuery('show server_version')).rows[0].server_version}`;
    const race = {
      roundsWithOneWinner: perRound.filter((round) => round.winners === 1).length,
      losersPerRound: {
        min: Math.min(...perRound.map((round) => round.losers)),
        max: Math.max(...perRound.map((round) => round.losers)),
      },
      otherAnswers: perRound.reduce((sum, round) => sum + round.other, 0),
      holderMatches: perRound.filter((round) => round.holderMatches).length,
      allMs: stats(perRound.map((round) => round.allMs)),
      winnerMs: stats(perRound.flatMap((round) => (round.winnerMs === null ? [] : [round.winnerMs]))),
    };
    const reference = {
      allMs: stats(perRound.map((round) => round.referenceAllMs)),
      errors: perRound.reduce((sum, round) => sum + round.referenceErrors, 0),
    };
    const passed =
      race.roundsWithOneWinner === rounds &&
      race.losersPerRound.min === riderCount - 1 &&
      race.otherAnswers === 0 &&
      race.holderMatches === rounds;
    const result = {
      headline: `${race.roundsWithOneWinner}/${rounds} rounds with exactly one winner of ${riderCount}; all answers in ${race.allMs.p50} ms (median), ${round2(race.allMs.p50 / reference.allMs.p50)} × ${riderCount} concurrent reads`,
      measuredAt: new Date().toISOString(),
      commit: gitCommit(),
      machine: machine(),
      postgres,
      rounds,
      riders: riderCount,
      race,
      reference,
      ratio: round2(race.allMs.p50 / reference.allMs.p50),
      passed,
      perRound: perRound.map((round) => ({
        winners: round.winners,
        losers: round.losers,
        allMs: round2(round.allMs),
        referenceAllMs: round2(round.referenceAllMs),
      })),
    };
    resultsWrite('shipment-accept-race', result, markdown(result));
    log(result.headline);
    log(`→ bench/results/shipment-accept-race.{json,md}${passed ? '' : ' — BAR MISSED'}`);
    if (!passed) process.exitCode = 1;
  } finally {
    await api?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
