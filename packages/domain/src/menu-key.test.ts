import { describe, expect, it } from 'vitest';
import { MENU_KEY_MAX, menuKeyFromName, menuKeySlug } from './menu-key';

describe('menu keys from names', () => {
  it('slugs a name as a venue types it', () => {
    expect(menuKeySlug('Milanesa Napolitana')).toBe('milanesa-napolitana');
    expect(menuKeySlug('  Ñoquis   de  papa!! ')).toBe('noquis-de-papa');
    expect(menuKeySlug('Café con leche (grande)')).toBe('cafe-con-leche-grande');
    expect(menuKeySlug('1/2 pizza')).toBe('1-2-pizza');
  });

  it('gives a key to a name with no letter or digit', () => {
    expect(menuKeySlug('¡¿?!')).toBe('item');
    expect(menuKeySlug('')).toBe('item');
  });

  it('bounds the length without a trailing dash', () => {
    const key = menuKeySlug(`${'a'.repeat(MENU_KEY_MAX - 1)} b c`);
    expect(key.length).toBeLessThanOrEqual(MENU_KEY_MAX);
    expect(key.endsWith('-')).toBe(false);
  });

  it('adds -2, -3… when the key is taken in its list', () => {
    expect(menuKeyFromName('Clásica', [])).toBe('clasica');
    expect(menuKeyFromName('Clásica', ['clasica'])).toBe('clasica-2');
    expect(menuKeyFromName('Clasica', ['clasica', 'clasica-2'])).toBe('clasica-3');
    expect(menuKeyFromName('Doble', ['clasica'])).toBe('doble');
  });
});
