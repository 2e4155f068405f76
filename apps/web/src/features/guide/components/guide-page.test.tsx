import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { GuideBranchContact } from '../api/guide-api';
import { GUIDE_SEARCH_FAILED } from '../hooks/use-guide-pages';
import { GuidePage } from './guide-page';

// The guide as a diner uses it, in happy-dom: the browser's location (granted or
// denied) and the API at the network edge; everything else runs as shipped.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function card(i: number, overrides: Partial<GuideBranchContact> = {}): GuideBranchContact {
  return {
    id: i,
    alias: `local-${i}`,
    name: `Local ${i}`,
    address: { street: 'Honduras', number: String(4800 + i), city: 'Buenos Aires' },
    whatsAppPhone: '+5491147770001',
    distanceInMeters: 100 + i * 1000,
    reachableByDelivery: i === 1,
    ...overrides,
  };
}

/** An API with 25 locations, 20 a page. */
function guideApi(options: { failNear?: boolean } = {}): FakeRequest[] {
  return fetchFake((request) => {
    if (request.path === '/api/menu/near') {
      if (options.failNear) return jsonResponse(500, { error: 'Internal Server Error', message: 'boom' });
      const { offset, pageSize } = request.body.pagingOption;
      const all = Array.from({ length: 25 }, (_, i) => card(i + 1));
      return jsonResponse(200, {
        branchContacts: all.slice(offset, offset + pageSize),
        pagingOption: { offset, pageSize },
        hasMore: offset + pageSize < all.length,
      });
    }
    if (request.path === '/api/geo/search') {
      return jsonResponse(200, {
        suggestions: [{ label: 'Av. Cabildo 3950, Núñez, Buenos Aires', lat: -34.5455, lng: -58.4689 }],
      });
    }
    return jsonResponse(404, { error: 'Not Found', message: 'no' });
  });
}

function geolocationAnswers(answer: 'granted' | 'denied') {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        if (answer === 'granted')
          ok({ coords: { latitude: -34.588, longitude: -58.43 } } as GeolocationPosition);
        else fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      },
    },
  });
}

let root: Root;
let container: HTMLDivElement;

beforeEach(() => {
  ({ root, container } = testRootMount());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function render() {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <ToastProvider>
          <GuidePage />
        </ToastProvider>
      </MemoryRouter>,
    );
  });
}

function buttonNamed(name: string): HTMLButtonElement {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!button) throw new Error(`no button '${name}'`);
  return button;
}

const click = (element: HTMLElement) => act(async () => element.click());

describe('GuidePage', () => {
  it('explains why it wants the location, then lists the nearest with distance, reach, WhatsApp and menu', async () => {
    geolocationAnswers('granted');
    const requests = guideApi();
    await render();
    expect(container.textContent).toContain('necesitamos tu ubicación');
    expect(requests).toHaveLength(0);
    await click(buttonNamed('Usar mi ubicación'));
    await settle();
    expect(requests[0]?.body).toEqual({
      lat: -34.588,
      lng: -58.43,
      pagingOption: { pageSize: 20, offset: 0 },
    });
    const cards = container.querySelectorAll('.guide-card');
    expect(cards).toHaveLength(20);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('h2')?.textContent).toBe('Local 1');
    expect(first.textContent).toContain('Honduras 4801, Buenos Aires');
    expect(first.textContent).toContain('1,1 km');
    expect(first.textContent).toContain('Hace delivery a tu ubicación');
    expect(cards[1]?.textContent).toContain('No hace delivery a tu ubicación');
    expect(first.querySelector('a[href^="https://wa.me/"]')?.getAttribute('href')).toBe(
      'https://wa.me/5491147770001',
    );
    expect(first.querySelector('h2 a')?.getAttribute('href')).toBe('/menu/local-1');
    expect(container.textContent).toContain('Cerca de tu ubicación actual');
  });

  it('"Ver más" reads the next page at offset (page − 1) × 20 and stops at the last', async () => {
    geolocationAnswers('granted');
    const requests = guideApi();
    await render();
    await click(buttonNamed('Usar mi ubicación'));
    await settle();
    await click(buttonNamed('Ver más'));
    await settle();
    expect(requests.at(-1)?.body.pagingOption).toEqual({ pageSize: 20, offset: 20 });
    expect(container.querySelectorAll('.guide-card')).toHaveLength(25);
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Ver más')).toBe(false);
  });

  it('denied: says so and searches an address instead, around the address picked', async () => {
    geolocationAnswers('denied');
    const requests = guideApi();
    await render();
    await click(buttonNamed('Usar mi ubicación'));
    expect(container.textContent).toContain('No tenemos permiso para usar tu ubicación');
    const input = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no address field');
    expect(document.activeElement).toBe(input);
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, 'Cabildo 3950');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(buttonNamed('Buscar'));
    await settle();
    expect(requests[0]?.path).toBe('/api/geo/search');
    expect(requests[0]?.query.get('q')).toBe('Cabildo 3950');
    await click(buttonNamed('Av. Cabildo 3950, Núñez, Buenos Aires'));
    await settle();
    expect(requests.at(-1)?.body).toMatchObject({ lat: -34.5455, lng: -58.4689 });
    expect(container.textContent).toContain('Cerca de Av. Cabildo 3950, Núñez, Buenos Aires');
    expect(container.querySelectorAll('.guide-card')).toHaveLength(20);
  });

  it('a short address is refused in Spanish before any request', async () => {
    geolocationAnswers('denied');
    const requests = guideApi();
    await render();
    await click(buttonNamed('Usar mi ubicación'));
    await click(buttonNamed('Buscar'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Escribe al menos 3 letras de tu dirección.',
    );
    expect(requests).toHaveLength(0);
  });

  it('a failed search shows its message as a toast, and can be retried', async () => {
    geolocationAnswers('granted');
    guideApi({ failNear: true });
    await render();
    await click(buttonNamed('Usar mi ubicación'));
    await settle();
    const toast = document.querySelector('.toast--error');
    expect(toast?.textContent).toBe(GUIDE_SEARCH_FAILED);
    expect(buttonNamed('Reintentar')).toBeTruthy();
  });
});
