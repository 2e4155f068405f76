import { afterEach, describe, expect, it, vi } from 'vitest';

const ids = { fbPixelId: '123456789', googleTagManagerId: 'GTM-ABC123', googleAnalyticsId: 'G-ABCD1234' };

/** The scripts the tags would add to the page (caught before the test DOM tries to fetch them). */
async function inject(path: string): Promise<string[]> {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  const added: string[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) added.push(node.src);
  });
  const { marketingTagsInject } = await import('./marketing-tags');
  marketingTagsInject(ids);
  return added;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the venues' marketing tags", () => {
  it('load on a storefront page', async () => {
    expect(await inject('/menu/fuego-palermo/delivery')).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
      'https://www.googletagmanager.com/gtag/js?id=G-ABCD1234',
    ]);
  });

  it('never load in the console', async () => {
    expect(await inject('/console')).toEqual([]);
    expect(await inject('/console/')).toEqual([]);
  });
});
