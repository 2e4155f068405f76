import { cartAdd, cartEmpty } from '@comanda/domain/cart';
import { moneyMinor } from '@comanda/domain/money';
import type { CartItem } from '@comanda/domain/types';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CartPage, type CartPageProps } from './cart-page';

const GONE = "'Provoleta' se agotó. Quítalo del carrito para seguir.";

const line = (referenceId: string, name: string, price: number): CartItem => ({
  referenceId,
  referenceType: 'PLATE',
  name,
  notes: '',
  quantity: 1,
  price: moneyMinor(price),
  source: 'plate',
  extras: [],
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(soldOut: CartPageProps['soldOut']) {
  let cart = cartEmpty({ orderModeId: '2', branchContactId: '1' });
  cart = cartAdd(cart, line('10', 'Provoleta', 7800)).cart;
  cart = cartAdd(cart, line('11', 'Chorizo', 4200)).cart;
  const props: CartPageProps = {
    cart,
    country: {
      code: 'AR',
      currency: { code: 'ARS', symbol: '$' },
      mantissaLength: 0,
    } as CartPageProps['country'],
    // What the page reads of the breakdown: the products' subtotal, no line refused by pricing.
    pricing: {
      lines: [],
      rejectedLines: [],
      productsAmount: moneyMinor(12000),
      itemDiscountsAmount: 0,
    } as unknown as CartPageProps['pricing'],
    upselleds: [],
    discountFor: () => null,
    deliveryInfo: null,
    delivery: false,
    orderEnabled: true,
    menuHref: '/menu/brasa-nunez/retiro',
    checkoutHref: '/menu/brasa-nunez/checkout',
    addressText: null,
    onAddressOpen: null,
    onAddressRequired: null,
    onEdit: () => {},
    onQuantity: () => {},
    onDelete: () => {},
    onUpsell: () => {},
    soldOut,
  };
  await act(async () => {
    root.render(
      <MemoryRouter>
        <CartPage {...props} />
      </MemoryRouter>,
    );
  });
}

describe("the cart with a line the venue marked 'Agotado' (ADR 052)", () => {
  it('marks that line with the message, says it where it is read, and offers no way on', async () => {
    await render([{ index: 0, kind: 'PLATE', message: GONE }]);
    const lines = [...container.querySelectorAll('.cart-line')];
    expect(lines[0]?.classList.contains('is-sold-out')).toBe(true);
    expect(lines[0]?.textContent).toContain(GONE);
    expect(lines[1]?.classList.contains('is-sold-out')).toBe(false);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(GONE);
    const links = [...container.querySelectorAll('a')].map((link) => link.textContent);
    expect(links).not.toContain('Continuar');
  });

  it('goes on as before when nothing is sold out', async () => {
    await render([]);
    expect(container.querySelector('.is-sold-out')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    const links = [...container.querySelectorAll('a')].map((link) => link.textContent);
    expect(links).toContain('Continuar');
  });
});
