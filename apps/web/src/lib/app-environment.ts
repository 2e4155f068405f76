/**
 * Where the storefront is running: as an installed app (a home-screen web
 * app), inside a social app's in-app browser, or in a plain browser tab. The
 * header's back arrow shows only in the first two (ordering §2), where the
 * browser offers no back button of its own.
 */

/** Running as an installed web app. */
export function appIsInstalled(): boolean {
  try {
    return (
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true
    );
  } catch {
    return false;
  }
}

// The in-app browsers of the apps a venue's link is shared through.
const IN_APP_BROWSER =
  /FBAN|FBAV|FB_IAB|Instagram|WhatsApp|Line\/|Twitter|TikTok|musical_ly|Snapchat|; wv\)/i;

/** Running inside a social app's in-app browser. */
export function appIsInAppBrowser(): boolean {
  return IN_APP_BROWSER.test(navigator.userAgent);
}

const LAST_STOREFRONT_KEY = 'comanda.lastStorefront';

/** Remembers the storefront the diner is on, so the installed app reopens it. */
export function appRememberStorefront(path: string): void {
  try {
    localStorage.setItem(LAST_STOREFRONT_KEY, path);
  } catch {
    // Storage blocked: the installed app opens at the home page.
  }
}

/** The storefront the diner was last on (`/menu/{alias}#{mode}`), if any. */
export function appLastStorefront(): string | null {
  try {
    const path = localStorage.getItem(LAST_STOREFRONT_KEY);
    return path?.startsWith('/menu/') ? path : null;
  } catch {
    return null;
  }
}
