import { beforeEach, describe, expect, it, vi } from 'vitest';
import { entryParamsAllowsMode, entryParamsMenuOf, entryParamsParse } from './entry-params-store';

describe('ordering §2: query parameters read on entry', () => {
  it('reads every parameter of the table', () => {
    const params = entryParamsParse(
      '?campaignId=c1&abandoned=true&phone=%2B5491155552020&name=Sofia&customerName=Sof%C3%ADa&tableNumber=12' +
        '&code=BIENVENIDO&allowedOM=DELIVERY&menu=a&menu=b&source=qr' +
        '&partner=beneficios-barrio&externalUserId=vecino-42&userToken=eyJ.abc.def',
    );
    expect(params).toEqual({
      campaignId: 'c1',
      abandoned: true,
      phone: '+5491155552020',
      name: 'Sofia',
      customerName: 'Sofía',
      tableNumber: '12',
      code: 'BIENVENIDO',
      allowedOM: ['DELIVERY'],
      menu: ['a', 'b'],
      source: 'qr',
      partner: 'beneficios-barrio',
      externalUserId: 'vecino-42',
      userToken: 'eyJ.abc.def',
    });
  });

  it('leaves what is missing empty; abandoned=false and 0 are not a return', () => {
    expect(entryParamsParse('')).toMatchObject({
      campaignId: null,
      abandoned: false,
      allowedOM: [],
      menu: [],
    });
    expect(entryParamsParse('?abandoned=false').abandoned).toBe(false);
    expect(entryParamsParse('?abandoned=0').abandoned).toBe(false);
    expect(entryParamsParse('?abandoned').abandoned).toBe(true);
    expect(entryParamsParse('?phone=%20%20').phone).toBeNull();
  });

  it('takes allowedOM as a comma list or repeated', () => {
    expect(entryParamsParse('?allowedOM=DELIVERY,%20TAKE_AWAY').allowedOM).toEqual(['DELIVERY', 'TAKE_AWAY']);
    expect(entryParamsParse('?allowedOM=DELIVERY&allowedOM=DINE_IN').allowedOM).toEqual([
      'DELIVERY',
      'DINE_IN',
    ]);
  });
});

describe('ordering §6: allowedOM filters the modes of a location', () => {
  const salon = { id: 3, type: 'DINE_IN', showName: 'En el salón' };

  it('lets every mode through when empty', () => {
    expect(entryParamsAllowsMode([], salon)).toBe(true);
  });

  it('names a mode by type, show name or id, ignoring case, accents and separators', () => {
    for (const entry of ['DINE_IN', 'dine-in', 'En el salon', 'EN_EL_SALÓN', '3']) {
      expect(entryParamsAllowsMode([entry], salon)).toBe(true);
    }
    expect(entryParamsAllowsMode(['DELIVERY', '4'], salon)).toBe(false);
  });
});

describe('ordering §2: menu (repeatable) shows the categories it names', () => {
  const plate = (id: string) => ({ id });
  const category = (numericId: number, name: string, plates: string[]) => ({
    id: `c${numericId}`,
    numericId,
    slug: name.toLowerCase(),
    name,
    plates: plates.map(plate),
  });
  const menu = {
    id: 1,
    categories: [
      category(1, 'Parrilla', ['a', 'b']),
      category(2, 'Bebidas', ['c']),
      category(3, 'Postres', ['d']),
    ],
    remarkeds: [plate('a'), plate('c')],
    plates: ['a', 'b', 'c', 'd'].map(plate),
  };

  it('keeps the whole menu without the parameter', () => {
    expect(entryParamsMenuOf(menu, [])).toBe(menu);
  });

  it('keeps only the named categories (by page segment, however written) and their highlights, every plate still priced', () => {
    const shown = entryParamsMenuOf(menu, ['BEBIDAS', 'Postres']);
    expect(shown.categories.map((c) => c.name)).toEqual(['Bebidas', 'Postres']);
    expect(shown.remarkeds).toEqual([plate('c')]);
    expect(shown.plates).toHaveLength(4);
  });

  it('shows the whole menu when the link names none of its categories', () => {
    expect(entryParamsMenuOf(menu, ['vinos'])).toBe(menu);
  });
});

/** The page opened at `address`, with fresh modules (the store reads the address once, when it loads). */
async function open(address: string) {
  vi.resetModules();
  window.history.replaceState(null, '', address);
  const scope = await import('../lib/storage-scope');
  const store = await import('./entry-params-store');
  return { scope, store };
}

const PARTNER_LINK =
  '&partner=beneficios-barrio&externalUserId=vecino-42&userToken=eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl';

describe('ordering §6: a partner link (docs/decisions/030-partner-benefit-link.md)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('takes its parameters out of the address at once, leaving the others and the hash', async () => {
    const page = await open(`/menu/brasa-nunez/delivery?code=VECINOS${PARTNER_LINK}#delivery`);
    expect(window.location.pathname).toBe('/menu/brasa-nunez/delivery');
    expect(window.location.search).toBe('?code=VECINOS');
    expect(window.location.hash).toBe('#delivery');
    expect(window.location.href).not.toContain('userToken');
    expect(window.location.href).not.toContain('vecino-42');
    expect(page.store.entryParamsGet()).toMatchObject({
      code: 'VECINOS',
      partner: 'beneficios-barrio',
      externalUserId: 'vecino-42',
      userToken: 'eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl',
    });
  });

  it('leaves an address without a user token exactly as it was', async () => {
    await open('/menu/brasa-nunez?allowedOM=DELIVERY,TAKE_AWAY&partner=beneficios-barrio');
    expect(window.location.search).toBe('?allowedOM=DELIVERY,TAKE_AWAY&partner=beneficios-barrio');
  });

  it('keeps them for the session of the company it was opened for, and only that one', async () => {
    const page = await open(`/menu/brasa-nunez/delivery?${PARTNER_LINK.slice(1)}`);
    page.scope.storageScopeSet('brasa');
    // Another company on the same origin never gets the token.
    page.scope.storageScopeSet('fuego');
    expect(page.store.entryParamsGet()).toMatchObject({ partner: null, userToken: null });

    // A reload on the checkout, whose address never had them.
    const reload = await open('/menu/brasa-nunez/checkout');
    reload.scope.storageScopeSet('brasa');
    expect(reload.store.useEntryParams()).toMatchObject({
      partner: 'beneficios-barrio',
      externalUserId: 'vecino-42',
      userToken: 'eyJhbGciOi.eyJzdWIi.c2lnbmF0dXJl',
    });
  });

  it('is replaced by the next entry link of the same company', async () => {
    const page = await open(`/menu/brasa-nunez/delivery?${PARTNER_LINK.slice(1)}`);
    page.scope.storageScopeSet('brasa');
    const next = await open('/menu/brasa-nunez/delivery?campaignId=verano');
    next.scope.storageScopeSet('brasa');
    expect(next.store.entryParamsGet()).toMatchObject({
      campaignId: 'verano',
      partner: null,
      userToken: null,
    });
  });
});
