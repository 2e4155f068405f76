import { describe, expect, it } from 'vitest';
import { changeLineText, changePathText } from './change-text';

describe('the history’s change lines', () => {
  it('names list items by their key and fields in Spanish', () => {
    expect(changePathText('categories[pizzas].plates[muzza].sizes[grande].price')).toBe(
      'pizzas › muzza › grande › Precio',
    );
    expect(changePathText('schedules[0].scheduleConfigs[1]')).toBe('#1 › #2');
    expect(changePathText('categories[pizzas].plates#order')).toBe('pizzas › Platos › Posición');
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

  it('says staff roles, access and link dates in words (ADR 056)', () => {
    expect(changeLineText({ path: 'access', before: 'ACTIVE', after: 'DISABLED' })).toBe(
      'Acceso: activo → sin acceso',
    );
    expect(changeLineText({ path: 'role', before: 'STAFF', after: 'OWNER' })).toBe('Rol: Personal → Dueño');
    expect(changeLineText({ path: 'branchContacts', after: ['fuego-belgrano'] })).toBe(
      'Locales: agregado fuego-belgrano',
    );
    const line = changeLineText({ path: 'linkExpiresAt', before: null, after: '2026-11-23T21:00:00.000Z' });
    expect(line).toMatch(/^Vencimiento del enlace: vacío → \d{1,2}\/\d{1,2}\/\d{2,4},? \d{2}:\d{2}$/);
  });
});
