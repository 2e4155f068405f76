/**
 * The browser's offer to install the storefront as an app. Chromium fires
 * `beforeinstallprompt` once the manifest and service worker qualify, possibly
 * before any screen has mounted; this store catches it at start-up and keeps it
 * until the diner answers the prompt '¡La próxima puedes hacer tu pedido desde
 * nuestra App!'.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'comanda.installDismissed';

let deferred: BeforeInstallPromptEvent | null = null;
// The prompt waits until the diner has shown interest (an item in the cart):
// offering an app before the menu was even read only gets in the way, and a
// banner popping in while the page loads would push it about.
let engaged = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function dismissedBefore(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the storefront asks in its own words.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** Whether the install prompt can be shown now. */
export function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null && engaged && !dismissedBefore(),
  );
}

/** The diner added an item or opened the cart: from now on the prompt may show. */
export function installPromptEngage(): void {
  if (engaged) return;
  engaged = true;
  notify();
}

/** Opens the browser's install dialog; the offer is used up either way. */
export async function installPromptAccept(): Promise<void> {
  const event = deferred;
  deferred = null;
  notify();
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
  deferred = null;
  notify();
}
