/**
 * The company whose storefront is on screen, which every stored key of the
 * storefront carries (`comanda.cart@fuego`): two companies served on one
 * origin never read each other's cart, address, orders or entry parameters
 * (docs/decisions/017-origins-console-and-tenants.md). Set from the alias's
 * entity before any screen of it renders. This keeps data apart, it does not
 * hide it from a script on the page: only a host of its own does that.
 */
let scope = '';
const changes: (() => void)[] = [];

/** The company alias on screen; data stored before 2026-11 under bare keys is dropped, not guessed. */
export function storageScopeSet(company: string): void {
  if (company === scope) return;
  if (!scope) {
    try {
      for (const key of ['comanda.cart', 'comanda.location', 'comanda:placed-orders'])
        localStorage.removeItem(key);
    } catch {
      // Storage blocked: nothing was kept either.
    }
  }
  scope = company;
  for (const change of changes) change();
}

/** Runs on every change of company (a store reloading what it keeps), and now if one is already on screen. */
export function storageScopeOnChange(change: () => void): void {
  changes.push(change);
  if (scope) change();
}

/** A stored key of the company on screen. */
export function storageKey(base: string): string {
  return `${base}@${scope}`;
}
