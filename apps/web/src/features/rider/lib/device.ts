/**
 * The rider app on the phone: vibration, its own installable manifest, the
 * light/dark colours and the connection state.
 */

import { SHIPMENT_VIBRATION } from '@comanda/domain/shipment';
import type { ColorConfig, ColorScheme } from '@comanda/domain/theme';
import { useEffect, useSyncExternalStore } from 'react';
import { themeApply } from '../../../lib/theme';
import { useColorSchemeChoice } from '../../../stores/color-scheme-store';

/** follow-up §9: success [100], failure [100, 50, 100, 75, 100]. Phones without a motor ignore it. */
export function riderVibrate(kind: keyof typeof SHIPMENT_VIBRATION): void {
  try {
    navigator.vibrate?.([...SHIPMENT_VIBRATION[kind]]);
  } catch {
    // Some browsers refuse vibration without a recent touch: the toast still says it.
  }
}

const RIDER_MANIFEST = '/rider.webmanifest';

/**
 * Rider pages offer their own app ('Repartidores', opening on the rider's
 * pages): the page's manifest link points at rider.webmanifest while a rider
 * page is on screen, and back at the storefront's when it leaves. index.html
 * (and so every storefront page) keeps the storefront's manifest.
 */
export function useRiderManifest(): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const storefront = link.getAttribute('href');
    link.setAttribute('href', RIDER_MANIFEST);
    return () => {
      if (storefront) link.setAttribute('href', storefront);
    };
  }, []);
}

function systemScheme(): ColorScheme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function systemSchemeSubscribe(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The location's colours in the phone's light or dark mode (a rider works day
 * and night: the phone's setting, not the storefront's), unless the rider
 * chose one with the header's switch.
 */
export function useRiderTheme(
  branch: { colorConfig: ColorConfig | null; fontFamily: string | null } | null,
): ColorScheme {
  const choice = useColorSchemeChoice();
  const system = useSyncExternalStore(systemSchemeSubscribe, systemScheme, () => 'light' as const);
  const scheme = choice ?? system;
  const config = branch?.colorConfig ?? null;
  const font = branch?.fontFamily ?? null;
  useEffect(() => {
    themeApply(config, font, scheme);
  }, [config, font, scheme]);
  return scheme;
}

function onlineSubscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onlineSubscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}
