/**
 * When to show the browser's offer to install the storefront as an app, the
 * prompt '¡La próxima puedes hacer tu pedido desde nuestra App!'. The offer
 * itself is caught by `lib/install-offer.ts`, from the entry chunk.
 */
import { useSyncExternalStore } from 'react';
import { installOfferGet, installOfferSubscribe, installOfferTake } from '../lib/install-offer';

const DISMISSED_KEY = 'comanda.installDismissed';

// The prompt waits until the diner has shown interest (an item in the cart):
// offering an app before the menu was even read only gets in the way, and a
// banner popping in while the page loads would push it about.
let engaged = false;
const engagedListeners = new Set<() => void>();

function dismissedBefore(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  engagedListeners.add(listener);
  const unsubscribe = installOfferSubscribe(listener);
  return () => {
    engagedListeners.delete(listener);
    unsubscribe();
  };
}

/** Whether the install prompt can be shown now. */
export function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => installOfferGet() !== null && engaged && !dismissedBefore());
}

/** The diner added an item or opened the cart: from now on the prompt may show. */
export function installPromptEngage(): void {
  if (engaged) return;
  engaged = true;
  for (const listener of engagedListeners) listener();
}

/** Opens the browser's install dialog; the offer is used up either way. */
export async function installPromptAccept(): Promise<void> {
  const event = installOfferTake();
  if (!event) return;
  try {
    await event.prompt();
    await event.userChoice;
  } catch {
    // The browser refused to show it (already shown, not allowed): nothing to do.
  }
}

/** The diner closed the prompt: not asked again in this session. */
export function installPromptDismiss(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: dismissed for this page only.
  }
  installOfferTake();
}
