/**
 * Catches the browser's offer to install the storefront (`beforeinstallprompt`).
 * Chromium may fire it before the app's code has loaded, and fires it once: the
 * listener is registered by the entry chunk (`main.tsx`) so the offer is never
 * missed, and kept here, without React, until the install prompt store reads it.
 */

/** Chromium's `BeforeInstallPromptEvent`, not in TypeScript's DOM types. */
export interface InstallOfferEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOfferEvent | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Starts listening; called once, as early as the page runs our code. */
export function installOfferListen(): void {
  addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the storefront asks in its own words.
    event.preventDefault();
    offer = event as InstallOfferEvent;
    notify();
  });
  addEventListener('appinstalled', () => installOfferTake());
}

/** The pending offer, if the browser made one that was not used yet. */
export function installOfferGet(): InstallOfferEvent | null {
  return offer;
}

/** Uses the offer up (accepted, dismissed or already installed) and returns it. */
export function installOfferTake(): InstallOfferEvent | null {
  const taken = offer;
  offer = null;
  notify();
  return taken;
}

/** Calls `listener` whenever the offer arrives or is used up; returns the unsubscribe. */
export function installOfferSubscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
