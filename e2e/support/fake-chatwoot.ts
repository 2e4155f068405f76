/**
 * A local chat server speaking the Chatwoot website SDK's interface (ADR 040),
 * so the browser tests never reach the internet: `/packs/js/sdk.js` defines
 * `window.chatwootSDK.run({ websiteToken, baseUrl })`, which adds the widget's
 * frame (`/widget?website_token=…`, hidden until opened), sets
 * `window.$chatwoot` with `toggle('open' | 'close')` and, once the frame has
 * loaded, `hasLoaded` and the `chatwoot:ready` event — as the real SDK does.
 *
 * The widget answers after `widgetDelayMs` (the SDK is not ready before: the
 * storefront's retry has something to wait for); a token listed in
 * `neverReady` gets no answer at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SDK = `(function () {
  window.chatwootSDK = {
    run: function (options) {
      var holder = document.createElement('div');
      holder.className = 'woot-widget-holder woot--hide';
      holder.setAttribute('data-state', 'closed');
      var frame = document.createElement('iframe');
      frame.title = 'Chat de ayuda';
      frame.src = options.baseUrl + '/widget?website_token=' + encodeURIComponent(options.websiteToken);
      holder.appendChild(frame);
      document.body.appendChild(holder);
      window.$chatwoot = {
        hasLoaded: false,
        toggle: function (state) {
          var open = state ? state === 'open' : holder.classList.contains('woot--hide');
          holder.classList.toggle('woot--hide', !open);
          holder.style.display = open ? 'block' : 'none';
          holder.setAttribute('data-state', open ? 'open' : 'closed');
        },
      };
      holder.style.display = 'none';
      frame.addEventListener('load', function () {
        window.$chatwoot.hasLoaded = true;
        window.dispatchEvent(new CustomEvent('chatwoot:ready'));
      });
    },
  };
})();`;

export interface FakeChatwoot {
  baseUrl: string;
  /** Paths asked for, in order (`/packs/js/sdk.js`, `/widget?website_token=…`). */
  requests: string[];
  close: () => Promise<void>;
}

export async function fakeChatwootStart(
  options: { widgetDelayMs?: number; neverReady?: string[] } = {},
): Promise<FakeChatwoot> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/packs/js/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      response.end(SDK);
      return;
    }
    if (url.pathname === '/widget') {
      const token = url.searchParams.get('website_token') ?? '';
      if (options.neverReady?.includes(token)) return;
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="es"><title>Chat</title><main><h1>Hola, ¿en qué te ayudamos?</h1><p>Bandeja ${token.replace(/[^A-Za-z0-9]/g, '')}</p></main></html>`,
        );
      }, options.widgetDelayMs ?? 0);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
