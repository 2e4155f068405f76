/**
 * The storefront's live channel (ADR 052): `GET /api/diner/{alias}/content-events`
 * read with a real HTTP client from a listening server. A sold-out switch
 * reaches an open stream within a second — also when it is made through
 * another API instance on the same database — streams are limited per client
 * address, and they end when the process shuts down instead of holding it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { configForTest } from '../src/config';
import { type Database, databaseOpen } from '../src/db/client';
import { CONTENT_EVENTS_PER_IP } from '../src/plugins/app/content-events';
import {
  appListen,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

interface SseEvent {
  event: string;
  data: string;
}

/** An open stream: its events as they come, parsed from the raw bytes. */
async function streamOpen(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ?? '' });
            cut = buffer.indexOf('\n\n');
          }
          for (const wake of waiters.splice(0)) wake();
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiters.splice(0)) wake();
    })();
  }
  const next = async (name: string, ms: number): Promise<SseEvent | undefined> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.findIndex((event) => event.event === name);
      if (found >= 0) return events.splice(found, 1)[0];
      if (ended || Date.now() > deadline) return undefined;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  };
  return {
    response,
    next,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
}

async function palermoIds(ctx: TestContext) {
  const palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact;
  return { id: palermo.id as number };
}

describe.each(testDatabaseKinds())('content events on %s', (kind) => {
  const ctx = useTestApp(kind);
  let base: string;
  let owner: string;
  let palermoId: number;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    base = await appListen(ctx);
    owner = await staffLogin(ctx, FUEGO_OWNER);
    palermoId = (await palermoIds(ctx)).id;
  });

  const soldOut = (soldOutValue: boolean) =>
    request(ctx, 'PUT', '/api/console/soldout', {
      token: owner,
      payload: { branchContactId: palermoId, kind: 'PLATE', itemKey: 'veggie', soldOut: soldOutValue },
    });

  it('a sold-out switch reaches an open stream within a second, with the new version', async () => {
    const stream = await streamOpen(`${base}/api/diner/fuego-palermo/content-events`);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const hello = await stream.next('hello', 2000);
      const helloVersion = JSON.parse(hello?.data ?? '{}').version as number;
      expect(helloVersion).toBeGreaterThan(0);

      const started = Date.now();
      expect((await soldOut(true)).body.changed).toBe(true);
      const change = await stream.next('content', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.parse(change?.data ?? '{}').version).toBe(helloVersion + 1);

      await soldOut(false);
      expect(JSON.parse((await stream.next('content', 1000))?.data ?? '{}').version).toBe(helloVersion + 2);
    } finally {
      stream.close();
    }
  });

  it("another console of the location hears each switch ('sold-out-updated')", async () => {
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await socketConnect(base, staff);
    try {
      expect(await socketJoin(socket, `console-${palermoId}`)).toBe(true);
      const heard = socketNext<Record<string, unknown>>(socket, 'sold-out-updated', 2000);
      await soldOut(true);
      expect(await heard).toMatchObject({
        branchContactId: palermoId,
        kind: 'PLATE',
        itemKey: 'veggie',
        soldOut: true,
      });
      const back = socketNext<Record<string, unknown>>(socket, 'sold-out-updated', 2000);
      await soldOut(false);
      expect(await back).toMatchObject({ itemKey: 'veggie', soldOut: false, until: null });
    } finally {
      socket.close();
    }
  });

  it('a stream for an alias that does not exist is a 404', async () => {
    const answer = await fetch(`${base}/api/diner/no-existe/content-events`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toBe("No existe el alias 'no-existe'");
  });

  it(`allows ${CONTENT_EVENTS_PER_IP} open streams per client address, then 429; a closed one frees its place`, async () => {
    const streams = [];
    for (let i = 0; i < CONTENT_EVENTS_PER_IP; i++) {
      const stream = await streamOpen(`${base}/api/diner/fuego/content-events`);
      expect(stream.response.status).toBe(200);
      await stream.next('hello', 2000);
      streams.push(stream);
    }
    const refused = await fetch(`${base}/api/diner/fuego/content-events`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Demasiadas conexiones abiertas desde esta dirección',
    );

    streams.pop()?.close();
    // The server hears the close on its own time.
    const deadline = Date.now() + 2000;
    while (ctx.app.contentEvents.count() >= CONTENT_EVENTS_PER_IP && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const again = await streamOpen(`${base}/api/diner/fuego/content-events`);
    expect(again.response.status).toBe(200);
    streams.push(again);
    for (const stream of streams) stream.close();
  });
});

// Two API instances on one PostgreSQL database, as two processes would be: a
// switch made through A reaches a stream held by B (NOTIFY after commit), and
// closing B ends its streams at once instead of waiting for them.
describe.skipIf(!process.env.TEST_DATABASE_URL)('content events across two API instances', () => {
  const a = useTestApp('postgres');
  const b = {} as { app: App; database: Database };
  let bBase: string;

  beforeAll(async () => {
    await tenantLoad(a, tenantExample());
    b.database = await databaseOpen({ databaseUrl: a.config.databaseUrl });
    // B's safety net is far away: what reaches it within a second is A's notice.
    b.app = await appBuild(
      configForTest({ databaseUrl: a.config.databaseUrl, contentVersionCheckMs: 600_000 }),
      b.database,
    );
    await b.app.ready();
    bBase = await appListen({ app: b.app, database: b.database, config: a.config });
  });

  afterAll(async () => {
    await b.app?.close();
    await b.database?.close();
  });

  it('a change through one instance reaches a stream on the other within a second; shutdown ends it', async () => {
    const owner = await staffLogin(a, FUEGO_OWNER);
    const palermoId = (await palermoIds(a)).id;
    const stream = await streamOpen(`${bBase}/api/diner/fuego-palermo/content-events`);
    expect(await stream.next('hello', 2000)).toBeDefined();

    const started = Date.now();
    const marked = await request(a, 'PUT', '/api/console/soldout', {
      token: owner,
      payload: {
        branchContactId: palermoId,
        kind: 'PLATE',
        itemKey: 'clasica',
        soldOut: true,
        until: 'manual',
      },
    });
    expect(marked.body.changed).toBe(true);
    expect(await stream.next('content', 1000)).toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
    // B's menu follows too.
    const menu = await dinerGet(
      { app: b.app, database: b.database, config: a.config },
      `/api/diner/fuego-palermo/menu/${palermoId}`,
    );
    expect(menu.raw).toContain('"soldOut":true');

    const closing = Date.now();
    b.app.contentEvents.close();
    const deadline = Date.now() + 1000;
    while (!stream.isEnded() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stream.isEnded()).toBe(true);
    expect(Date.now() - closing).toBeLessThan(1000);
  });
});
