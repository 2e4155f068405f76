// A loopback chat server speaking the Chatwoot website SDK's interface (ADR 040):
// `/packs/js/sdk.js` defines `chatwootSDK.run`, which adds the widget's hidden
// frame (`/widget`) and `window.$chatwoot`, ready on the frame's load. A stand-in
// for measuring the storefront with a chat configured without the internet; a
// real widget is heavier (its frame loads the Chatwoot app).
import http from 'node:http';

const SDK = `window.chatwootSDK={run:function(o){var h=document.createElement('div');h.className='woot-widget-holder';h.style.display='none';var f=document.createElement('iframe');f.title='Chat';f.src=o.baseUrl+'/widget?website_token='+encodeURIComponent(o.websiteToken);h.appendChild(f);document.body.appendChild(h);window.$chatwoot={hasLoaded:false,toggle:function(s){h.style.display=s==='close'?'none':'block';}};f.addEventListener('load',function(){window.$chatwoot.hasLoaded=true;window.dispatchEvent(new Event('chatwoot:ready'));});}};`;

/** Starts the server on a free loopback port: `{ baseUrl, stop }`. */
export async function fakeChatStart() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/packs/js/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' });
      response.end(SDK);
    } else if (url.pathname === '/widget') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="es"><title>Chat</title><p>Hola, ¿en qué te ayudamos?</p></html>',
      );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
