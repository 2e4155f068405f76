import { describe, expect, it } from 'vitest';
import type { Menu } from '../api/menu-api';
import {
  categoryAdd,
  draftChanges,
  garnishLocalErrors,
  MENU_DRAFT_MESSAGES,
  menuLocalErrors,
  moneyDraftRead,
  moneyDraftText,
  plateAdd,
  plateErrors,
  plateMove,
  plateRemove,
  serverFieldPath,
} from './menu-draft';

const AR = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const UY = { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 };

const menu = (): Menu => ({
  key: 'carta',
  name: 'Carta',
  remarkeds: ['clasica'],
  categories: [
    {
      key: 'hamburguesas',
      name: 'Hamburguesas',
      showName: 'Hamburguesas',
      plates: [
        { key: 'clasica', showName: 'Clásica', sizes: [{ key: 'simple', name: 'Simple', price: 8500 }] },
        { key: 'veggie', showName: 'Veggie', price: 9000 },
      ],
    },
  ],
});

describe('the menu editor draft', () => {
  it('reads money as the venue writes it, and keeps what is no amount as typed', () => {
    expect(moneyDraftRead('8.500', AR)).toBe(8500);
    expect(moneyDraftRead('1.234,50', UY)).toBe(1234.5);
    expect(moneyDraftRead('ocho mil', AR)).toBe('ocho mil');
    expect(moneyDraftText(8500, AR)).toBe('8.500');
    expect(moneyDraftText('8,5,0', AR)).toBe('8,5,0');
  });

  it('checks the obvious in Spanish at the paths the server uses', () => {
    const draft = menu();
    draft.categories[0]!.plates[1]!.price = '';
    draft.categories[0]!.plates[0]!.sizes![0]!.price = 'mucho';
    draft.categories[0]!.plates[0]!.showName = ' ';
    expect(menuLocalErrors(draft)).toEqual({
      'categories[0].plates[0].showName': MENU_DRAFT_MESSAGES.plateName,
      'categories[0].plates[0].sizes[0].price': MENU_DRAFT_MESSAGES.money,
      'categories[0].plates[1].price': MENU_DRAFT_MESSAGES.priceOrSizes,
    });
    expect(menuLocalErrors(menu())).toEqual({});
    expect(
      garnishLocalErrors([
        {
          key: 'pan',
          groupName: 'Pan',
          mandatory: true,
          multipleSelection: false,
          minGarnishAmount: 2,
          maxGarnishAmount: 1,
          groupItems: [],
        },
      ]),
    ).toEqual({ '[0].maxGarnishAmount': MENU_DRAFT_MESSAGES.maxUnderMin });
  });

  it('names the server fields as the editor does, whichever validator answered', () => {
    expect(serverFieldPath('body.menu.categories[0].plates[1].price', 'menu')).toBe(
      'categories[0].plates[1].price',
    );
    expect(serverFieldPath('categories[0].plates[1]', 'menu')).toBe('categories[0].plates[1]');
    expect(serverFieldPath('body.garnishGroups[2].groupName', 'garnishGroups')).toBe('[2].groupName');
    expect(
      plateErrors(
        { 'categories[0].plates[1]': 'needs a price or sizes', 'categories[0].plates[1].price': 'x' },
        0,
        1,
      ),
    ).toEqual({
      '': 'needs a price or sizes',
      price: 'x',
    });
  });

  it('adds plates and categories with keys from their names, unique in their list', () => {
    const added = plateAdd(menu(), 0, 'Clásica');
    expect(added.index).toBe(2);
    expect(added.menu.categories[0]!.plates[2]).toMatchObject({ key: 'clasica-2', showName: 'Clásica' });
    expect(categoryAdd(menu(), 'Hamburguesas').categories[1]).toMatchObject({
      key: 'hamburguesas-2',
      plates: [],
    });
  });

  it('moves a plate within its category and removes it with its highlights', () => {
    expect(plateMove(menu(), 0, 1, -1).categories[0]!.plates.map((p) => p.key)).toEqual([
      'veggie',
      'clasica',
    ]);
    expect(plateMove(menu(), 0, 0, -1)).toEqual(menu());
    const removed = plateRemove(menu(), 0, 0);
    expect(removed.categories[0]!.plates.map((p) => p.key)).toEqual(['veggie']);
    expect(removed.remarkeds).toEqual([]);
  });

  it('lists what an editor changed, keyed items by key', () => {
    const after = menu();
    after.categories[0]!.plates[0]!.sizes![0]!.price = 8900;
    after.categories[0]!.plates.pop();
    expect(draftChanges(menu(), after)).toEqual([
      { path: 'categories[hamburguesas].plates[clasica].sizes[simple].price', before: 8500, after: 8900 },
      { path: 'categories[hamburguesas].plates[veggie]', before: menu().categories[0]!.plates[1] },
    ]);
  });
});
