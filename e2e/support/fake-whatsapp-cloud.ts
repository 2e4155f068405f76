/**
 * A local server speaking the WhatsApp Business Cloud API's messages endpoint
 * (`POST /{phone-number-id}/messages`, Bearer token), the network edge of the
 * server's messaging adapter: the browser tests never reach Meta. It refuses
 * every message with the Graph error it is given, as the real API does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_WHATSAPP_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_WHATSAPP_TOKEN = 'EAAG-e2e-token';

export interface FakeWhatsAppCloud {
  /** The API's base URL, for WHATSAPP_API_URL. */
  url: string;
  /** Recipients of the messages received, in order. */
  received: string[];
  close: () => Promise<void>;
}

/** Refuses every message with HTTP `status` and the Graph `error` (message, code). */
export async function fakeWhatsAppCloudStart(refusal: {
  status: number;
  error: { message: string; type: string; code: number };
}): Promise<FakeWhatsAppCloud> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== `/v21.0/${FAKE_WHATSAPP_PHONE_NUMBER_ID}/messages`) {
        return send(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
      }
      if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP_TOKEN}`) {
        return send(401, {
          error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 },
        });
      }
      received.push(String((JSON.parse(raw || '{}') as { to?: unknown }).to));
      send(refusal.status, { error: { ...refusal.error, fbtrace_id: 'AbCdE2e' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
