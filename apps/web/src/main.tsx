import { RIDER_APP_PATH, TRACKING_PAGE_PATH } from './lib/entry-paths';
import { installOfferListen } from './lib/install-offer';
import { storefrontPrefetch, trackingPrefetch } from './lib/prefetch';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Chromium may offer installing before the app's code has loaded, and offers once.
installOfferListen();

// A tracking link opened directly (follow-up §2.1) has an entry of its own: the customer's map
// needs neither the storefront's router nor its menu (app/tracking-bootstrap.tsx).
// The rider app too (app/rider-bootstrap.tsx): its router, without the storefront's first paint.
const tracking = TRACKING_PAGE_PATH.exec(location.pathname);
if (tracking) {
  trackingPrefetch(tracking[1] ?? '', tracking[2] ?? '');
  void import('./app/tracking-bootstrap').then(({ trackingRender }) => trackingRender(root, tracking));
} else if (RIDER_APP_PATH.test(location.pathname)) {
  void import('./app/rider-bootstrap').then(({ riderRender }) => riderRender(root));
} else {
  // The storefront's reads start now, while the app's code downloads.
  storefrontPrefetch(window.location);
  void import('./app/bootstrap').then(({ appRender }) => appRender(root));
}

// Chromium's first Intl date formatter of a page costs ~20 ms (its time zone data), and the menu's
// first render needs one (open or closed, in the location's zone), and a number formatter (prices).
// Made in a task of their own while the reads and the app's code are on the network, that cost
// leaves the first render, the longest task after the first paint, and delays no request.
setTimeout(() => {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', hourCycle: 'h23' }).formatToParts(0);
  new Intl.NumberFormat('es-AR').format(0);
}, 0);

// The service worker makes the storefront installable ('¡La próxima puedes
// hacer tu pedido desde nuestra App!'); registered after load so it never
// competes with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
