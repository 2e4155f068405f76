import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entity = {
  type: 'BRANCH_CONTACT',
  branchContact: {
    id: 1,
    alias: 'brasa-nunez',
    branch: { id: 7 },
    deliveryConfig: {
      orderModes: [
        { id: 1, type: 'DELIVERY', showName: 'Delivery' },
        { id: 3, type: 'DINE_IN', showName: 'En el salón' },
      ],
    },
  },
};

async function prefetchWith(pathname: string, search = '') {
  vi.resetModules();
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url.replace(window.location.origin, ''));
      return new Response(JSON.stringify(url.endsWith('/api/diner/brasa-nunez') ? entity : {}), {
        status: 200,
      });
    }),
  );
  const module = await import('./prefetch');
  module.storefrontPrefetch({ pathname, search });
  await vi.waitFor(() => expect(urls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { urls, module };
}

describe('the storefront data, asked for before the app code arrives', () => {
  it("on a mode menu: the alias's entity, then the mode's menu, the customization and the hashes", async () => {
    const { urls, module } = await prefetchWith('/menu/brasa-nunez/en-el-salon');
    expect(urls).toEqual([
      '/api/diner/brasa-nunez',
      '/api/diner/brasa-nunez/menu/1?orderModeId=3',
      '/api/menucustomization/7',
      '/api/diner/menu/brasa-nunez/hash',
    ]);
    // Each response is handed once to the reader of that exact URL.
    const url = `${window.location.origin}/api/diner/brasa-nunez/menu/1?orderModeId=3`;
    expect(module.prefetchTake(url)).toBeInstanceOf(Promise);
    expect(module.prefetchTake(url)).toBeUndefined();
  });

  it('reads the mode through allowedOM as the menu does: a mode left out is not fetched', async () => {
    const { urls } = await prefetchWith('/menu/brasa-nunez/en-el-salon', '?allowedOM=DELIVERY');
    expect(urls).toEqual(['/api/diner/brasa-nunez']);
  });

  it('only the entity on the entry screen, on the cart, and for a segment that is never a mode', async () => {
    for (const path of ['/menu/brasa-nunez', '/menu/brasa-nunez/preview', '/menu/brasa-nunez/checkout']) {
      const { urls } = await prefetchWith(path);
      expect(urls).toEqual(['/api/diner/brasa-nunez']);
    }
  });

  it('nothing outside the storefront', async () => {
    vi.resetModules();
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const { storefrontPrefetch } = await import('./prefetch');
    storefrontPrefetch({ pathname: '/console', search: '' });
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
