/**
 * The diner's choice of light or dark colours. A branch sets its scheme
 * (`colorModeType`); the diner may switch it with the header's button, and the
 * choice is remembered in localStorage for the next visit.
 */
import type { ColorScheme } from '@comanda/domain/theme';
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'comanda.colorScheme';

function read(): ColorScheme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

let chosen: ColorScheme | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();

/** The scheme the diner chose, or null to follow the branch. */
export function useColorSchemeChoice(): ColorScheme | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chosen,
  );
}

/** Remembers the diner's scheme. */
export function colorSchemeChoose(scheme: ColorScheme): void {
  chosen = scheme;
  try {
    localStorage.setItem(STORAGE_KEY, scheme);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}
