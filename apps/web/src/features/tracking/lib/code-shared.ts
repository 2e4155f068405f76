import { storageKey } from '../../../lib/storage-scope';

/**
 * The orders whose 'Comparte la clave' dialog this browser has shown, kept
 * under the company's storage key (lib/storage-scope.ts) so that the dialog
 * shows once per order, not on every visit. Only the newest few are kept.
 */
const KEY = 'comanda.tracking.code-shown';
const KEEP = 20;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(KEY)) ?? '[]');
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

export function trackingCodeWasShown(orderCode: string): boolean {
  return read().includes(orderCode);
}

export function trackingCodeShownRemember(orderCode: string): void {
  const codes = [orderCode, ...read().filter((code) => code !== orderCode)].slice(0, KEEP);
  try {
    localStorage.setItem(storageKey(KEY), JSON.stringify(codes));
  } catch {
    // Storage blocked: the dialog may show again on the next visit, nothing else is lost.
  }
}
