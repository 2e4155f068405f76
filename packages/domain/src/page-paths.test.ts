import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pagePathMatch } from './page-paths';

describe('pagePathMatch', () => {
  it.each([
    ['/', 'home'],
    ['/menu', 'guide'],
    ['/menu/', 'guide'],
    ['/MENU', 'guide'],
    ['/menu/fuego-palermo', 'menuEntry'],
    ['/menu/fuego-palermo/', 'menuEntry'],
    ['/menu/fuego-palermo/preview', 'cart'],
    ['/menu/fuego-palermo/checkout', 'checkout'],
    ['/menu/fuego-palermo/order/AB12', 'followUp'],
    ['/encuesta/fuego-palermo/AB12', 'survey'],
    ['/Encuesta/fuego-palermo/AB12', 'survey'],
    ['/menu/fuego-palermo/delivery', 'menuMode'],
    ['/menu/fuego-palermo/en-el-local/pizzas', 'menuCategory'],
    ['/menu/fuego-palermo/en-el-local/pizzas/muzzarella', 'menuPlate'],
    ['/menu/fuego%20palermo/delivery', 'menuMode'],
    ['/console', 'console'],
    ['/CONSOLE', 'console'],
    ['/%63onsole', 'console'],
    ['/Menu/Fuego-Palermo/Checkout', 'checkout'],
    ['/soporte', 'support'],
    ['/logistics/tracking/order/fuego-palermo/AB12', 'tracking'],
    ['/logistics', 'riderStart'],
    ['/logistics/fuego/shipments', 'riderShipments'],
    ['/logistics/fuego/shipments/OWN/12', 'riderShipment'],
  ])('names the page of %s', (path, page) => {
    expect(pagePathMatch(path)).toBe(page);
  });

  it.each([
    '/nada',
    '/menus',
    '/menu/fuego-palermo/order',
    '/menu/fuego-palermo/Preview/pizzas',
    '/menu/fuego-palermo/preview/extra',
    '/menu/fuego-palermo/delivery/pizzas/muzzarella/extra',
    '/console/otra',
    '/encuesta',
    '/encuesta/fuego-palermo',
    '/encuesta/fuego-palermo/AB12/otra',
    '/soporte/1',
    '/logistics/tracking/shipments',
    '/logistics/tracking',
    '/logistics/Tracking/shipments',
    '/consoles',
    '/menu/%E0%A4%A/delivery',
    '/favicon.ico',
  ])('knows no page at %s', (path) => {
    expect(pagePathMatch(path)).toBeNull();
  });

  it('matches every pattern it lists', () => {
    for (const [name, pattern] of Object.entries(PAGE_PATHS)) {
      const path = pattern.replace(/:(\w+)/g, (_, param: string) => `x-${param.toLowerCase()}`);
      expect(pagePathMatch(path)).toBe(name);
    }
  });
});
