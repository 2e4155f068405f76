import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the WhatsApp Business Cloud API's messages endpoint
// (`POST /v{n}/{phone-number-id}/messages`, Bearer token, Graph errors): the
// network edge of the messaging adapter, never the internet.

export const PHONE_NUMBER_ID = '106540352242922';
export const TOKEN = 'EAAG-test-token';

export interface CloudRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: {
    messaging_product: string;
    recipient_type: string;
    to: string;
    type: string;
    text: { preview_url: boolean; body: string };
  };
}

/**
 * A local server speaking the Cloud API's messages endpoint: checks the token,
 * records each request, and answers per `respond` (default: the documented 200).
 */
export async function cloudApiServer() {
  const received: CloudRequest[] = [];
  let wamid = 0;
  const ok = () => ({
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      contacts: [{ input: 'x', wa_id: 'x' }],
      messages: [{ id: `wamid.HBgLTEST${++wamid}` }],
    },
  });
  const state = {
    received,
    delayMs: 0,
    respond: (_request: CloudRequest): { status: number; body: unknown } => ok(),
    ok,
    url: '',
    close: async () => {},
  };
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
      if (req.method !== 'POST' || req.url !== `/v21.0/${PHONE_NUMBER_ID}/messages`) {
        return send(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } });
      }
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        return send(401, {
          error: {
            message: 'Invalid OAuth access token',
            type: 'OAuthException',
            code: 190,
            fbtrace_id: 'A1',
          },
        });
      }
      const entry: CloudRequest = {
        path: req.url,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(raw),
      };
      received.push(entry);
      const answer = state.respond(entry);
      setTimeout(() => send(answer.status, answer.body), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
export type CloudServer = Awaited<ReturnType<typeof cloudApiServer>>;
