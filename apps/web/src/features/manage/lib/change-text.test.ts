import { describe, expect, it } from 'vitest';
import { changeLineText, changePathText } from './change-text';

describe('the history’s change lines', () => {
  it('names list items by their key and fields in Spanish', () => {
    expect(changePathText('categories[pizzas].plates[muzza].sizes[grande].price')).toBe(
      'pizzas › muzza › grande › Precio',
    );
    expect(changePathText('schedules[0].scheduleConfigs[1]')).toBe('#1 › #2');
    expect(changePathText('categories[pizzas].plates#order')).toBe('pizzas › Platos › Orden');
  });

  it('says what was added, removed and changed, with values as people write them', () => {
    expect(
      changeLineText({ path: 'categories[pizzas].plates[muzza].price', before: 12000, after: 13500 }),
    ).toBe('pizzas › muzza › Precio: 12.000 → 13.500');
    expect(
      changeLineText({ path: 'categories[pizzas].plates[fugazza].description', after: 'Con cebolla' }),
    ).toBe('pizzas › fugazza › Descripción: agregado Con cebolla');
    expect(changeLineText({ path: 'orderEnabled', before: true })).toBe(
      'Pedidos habilitados: quitado (era sí)',
    );
  });
});
