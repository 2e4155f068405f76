/**
 * The venue's own marketing tags (ordering §1 "Marketing and analytics
 * tracking"): Meta pixel, Google Tag Manager and Google Analytics, each loaded
 * from its vendor only when the branch has an id for it. The ids come from the
 * venue's configuration, so each is checked against its vendor's format before
 * it goes into a URL. No inline script is used: the page's content security
 * policy allows scripts by host only (see the integration notes).
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };
    _fbq?: unknown;
    gtag?: (...args: unknown[]) => void;
  }
}

const injected = new Set<string>();

function script(src: string): void {
  if (injected.has(src)) return;
  injected.add(src);
  const element = document.createElement('script');
  element.async = true;
  element.src = src;
  document.head.append(element);
}

function pixel(id: string): void {
  if (!/^\d{5,20}$/.test(id)) return;
  if (!window.fbq) {
    // The pixel's standard queue: calls made before fbevents.js loads are replayed by it.
    const queue: unknown[] = [];
    const fbq = Object.assign((...args: unknown[]) => void queue.push(args), {
      queue,
      loaded: true,
      version: '2.0',
    });
    window.fbq = fbq;
    window._fbq = fbq;
  }
  script('https://connect.facebook.net/en_US/fbevents.js');
  window.fbq('init', id);
  window.fbq('track', 'PageView');
}

function tagManager(id: string): void {
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(id)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  script(`https://www.googletagmanager.com/gtm.js?id=${id}`);
}

function analytics(id: string): void {
  if (!/^(G-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/.test(id)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag =
    window.gtag ??
    function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // biome-ignore lint/complexity/noArguments: the library's documented contract.
      window.dataLayer?.push(arguments);
    };
  window.gtag('js', new Date());
  window.gtag('config', id);
  script(`https://www.googletagmanager.com/gtag/js?id=${id}`);
}

/**
 * Loads each tag the branch has an id for; an id already loaded is not loaded
 * twice. Never in the console's pages, whose policy refuses them anyway: a
 * venue's script must not run beside a staff session.
 */
export function marketingTagsInject(ids: {
  fbPixelId: string | null;
  googleTagManagerId: string | null;
  googleAnalyticsId: string | null;
}): void {
  if (/^\/console(\/|$)/i.test(window.location.pathname)) return;
  if (ids.fbPixelId && !injected.has(`pixel:${ids.fbPixelId}`)) {
    injected.add(`pixel:${ids.fbPixelId}`);
    pixel(ids.fbPixelId.trim());
  }
  if (ids.googleTagManagerId) tagManager(ids.googleTagManagerId.trim());
  if (ids.googleAnalyticsId && !injected.has(`ga:${ids.googleAnalyticsId}`)) {
    injected.add(`ga:${ids.googleAnalyticsId}`);
    analytics(ids.googleAnalyticsId.trim());
  }
}
