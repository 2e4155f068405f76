/**
 * The storefront's live channel (ADR 052): `GET /api/diner/{alias}/content-events`
 * is a Server-Sent Events stream that sends `event: content` with the
 * company's new content version each time it changes — a sold-out switch, a
 * price the OWNER edits, an import — whichever process made the change
 * (`contentChangeListen` hears this process's writes at once and the others'
 * through NOTIFY, with the content cache's safety net behind). The page then
 * re-reads its menu (an ETag answers 304 when nothing it shows changed).
 *
 * Streams are counted per client address (`CONTENT_EVENTS_PER_IP`, 429
 * beyond) and in all (`CONTENT_EVENTS_MAX`, 503 beyond); each gets a comment
 * line every CONTENT_EVENTS_HEARTBEAT_MS so proxies keep it open and a dead
 * peer is noticed. They are ended when the process shuts down, before the
 * requests in flight are drained, so they never hold the shutdown's deadline;
 * the browser's EventSource reconnects on its own (to another process).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentChangeListen, contentVersionKnown } from '../../services/content-cache';

/** (decision) Open streams one client address may hold: a few tabs of a diner, a household behind one NAT. */
export const CONTENT_EVENTS_PER_IP = 8;
/** (decision) Open streams per process: beyond it the storefront just is not live (it still works). */
export const CONTENT_EVENTS_MAX = 10_000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const CONTENT_EVENTS_HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after the stream ends (`retry:`). */
export const CONTENT_EVENTS_RETRY_MS = 3_000;

interface Stream {
  companyId: number;
  ip: string;
  raw: ServerResponse;
}

export interface ContentEvents {
  /** Whether one more stream from this address is allowed now: 'ok', or why not. */
  admits(ip: string): 'ok' | 'per-ip' | 'full';
  /** Starts a stream on a hijacked reply; it ends when the client goes or `close` is called. */
  open(stream: Stream, headers: Record<string, string>): void;
  /** Open streams (tests, diagnostics). */
  count(): number;
  /** Ends every stream (shutdown). */
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentEvents: ContentEvents;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const streams = new Set<Stream>();
    const perIp = new Map<string, number>();
    let closed = false;

    const send = (stream: Stream, text: string) => {
      if (!stream.raw.writableEnded) stream.raw.write(text);
    };
    const end = (stream: Stream) => {
      if (!streams.delete(stream)) return;
      const left = (perIp.get(stream.ip) ?? 1) - 1;
      if (left > 0) perIp.set(stream.ip, left);
      else perIp.delete(stream.ip);
      if (!stream.raw.writableEnded) stream.raw.end();
    };

    const stopListening = contentChangeListen(app.db, (companyId) => {
      const version = contentVersionKnown(app.db, companyId);
      for (const stream of streams) {
        if (stream.companyId === companyId) {
          send(stream, `event: content\ndata: ${JSON.stringify({ version: version ?? null })}\n\n`);
        }
      }
    });
    const heartbeat = setInterval(() => {
      for (const stream of streams) send(stream, ': hb\n\n');
    }, CONTENT_EVENTS_HEARTBEAT_MS);
    heartbeat.unref();

    const events: ContentEvents = {
      admits(ip) {
        if (closed || streams.size >= CONTENT_EVENTS_MAX) return 'full';
        return (perIp.get(ip) ?? 0) >= CONTENT_EVENTS_PER_IP ? 'per-ip' : 'ok';
      },
      open(stream, headers) {
        streams.add(stream);
        perIp.set(stream.ip, (perIp.get(stream.ip) ?? 0) + 1);
        stream.raw.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies that buffer (nginx) must pass each event at once.
          'x-accel-buffering': 'no',
        });
        const version = contentVersionKnown(app.db, stream.companyId);
        send(
          stream,
          `retry: ${CONTENT_EVENTS_RETRY_MS}\nevent: hello\ndata: ${JSON.stringify({ version: version ?? null })}\n\n`,
        );
        stream.raw.on('close', () => end(stream));
      },
      count: () => streams.size,
      close() {
        closed = true;
        for (const stream of [...streams]) end(stream);
      },
    };
    app.decorate('contentEvents', events);
    // `app.close()` waits for open connections: end the streams first.
    app.addHook('preClose', async () => events.close());
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      stopListening();
    });
  },
  { name: 'content-events', dependencies: ['database', 'content-cache'] },
);
