import { installOfferListen } from './lib/install-offer';
import { storefrontPrefetch } from './lib/prefetch';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Chromium may offer installing before the app's code has loaded, and offers once.
installOfferListen();

// The storefront's reads start now, while the app's code downloads.
storefrontPrefetch(window.location);
void import('./app/bootstrap').then(({ appRender }) => appRender(root));

// The service worker makes the storefront installable ('¡La próxima puedes
// hacer tu pedido desde nuestra App!'); registered after load so it never
// competes with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
