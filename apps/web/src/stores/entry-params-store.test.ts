import { describe, expect, it } from 'vitest';
import { entryParamsAllowsMode, entryParamsParse } from './entry-params-store';

describe('ordering §2: query parameters read on entry', () => {
  it('reads every parameter of the table', () => {
    const params = entryParamsParse(
      '?campaignId=c1&abandoned=true&phone=%2B5491155552020&name=Sofia&customerName=Sof%C3%ADa&tableNumber=12' +
        '&code=BIENVENIDO&allowedOM=DELIVERY&menu=a&menu=b&source=qr',
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
