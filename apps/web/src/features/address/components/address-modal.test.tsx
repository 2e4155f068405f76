import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { locationStore } from '../../../stores/location-store';
import { AddressModal, type AddressModalProps } from './address-modal';

// The modal's own rules, rendered in happy-dom: the ones the storefront's
// screens do not reach (a mandatory address) and the field messages. The
// wired-in flows (search, coordinates, delivery info) are e2e/tests/address.spec.ts.
// The network is the only thing replaced: the map's settings never arrive, so
// no map is drawn.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

const contact: AddressModalProps['branchContact'] = {
  id: 7,
  alias: 'brasa-nunez',
  coordinates: { lat: -34.5455, lng: -58.4689 },
  deliveryConfig: { betweenStreetsRequired: true, orderModes: [{ type: 'TAKE_AWAY', showName: 'Retiro' }] },
};

async function render(props: Partial<AddressModalProps> = {}) {
  const onClose = vi.fn();
  await act(async () => {
    root.render(
      <ToastProvider>
        <AddressModal
          open
          onClose={onClose}
          branchContact={contact}
          mandatory={false}
          mantissaLength={0}
          {...props}
        />
      </ToastProvider>,
    );
  });
  // The map is a lazy chunk: let it arrive inside act.
  await act(async () => {
    await import('./address-map');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { onClose };
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name) ??
  document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);

async function click(element: Element | null | undefined) {
  if (!element) throw new Error('no such element');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';
const describedBy = (input: Element | null) =>
  (input?.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  // The map's settings and any search stay pending: nothing here needs them.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  // happy-dom has no modal dialogs of its own: open/close as the browser does.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("ordering §5 Address modal: 'Debe ingresar la dirección' when mandatory", () => {
  it('CANCELAR, the close button and Escape are refused with the message while there is no address', async () => {
    const { onClose } = await render({ mandatory: true });
    await click(button('CANCELAR'));
    expect(alertText()).toBe('Debe ingresar la dirección');
    await click(button('Cerrar'));
    await act(async () => {
      document.querySelector('dialog')?.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).not.toBeNull();
  });

  it('with an address already kept, closing is allowed (after the 190 ms animation)', async () => {
    locationStore.set({ street: 'Av. Cabildo 3950', lat: -34.5455, lng: -58.4689 });
    const { onClose } = await render({ mandatory: true });
    await click(button('CANCELAR'));
    expect(alertText()).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(190);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    locationStore.clear();
  });

  it('not mandatory: CANCELAR closes', async () => {
    const { onClose } = await render({ mandatory: false });
    await click(button('CANCELAR'));
    await act(async () => {
      vi.advanceTimersByTime(190);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(alertText()).toBe('');
  });
});

describe('ordering §5 Address modal: simple inputs', () => {
  it("'Ingrese una dirección' and 'Ingrese entrecalles' (required by the location), each tied to its field", async () => {
    await render();
    await click(button('CONTINUAR'));
    const search = document.querySelector('[role="combobox"]');
    expect(search?.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(search)).toContain('Ingrese una dirección');
    const between = document.querySelector<HTMLInputElement>('input[autocomplete="off"]:not([role])');
    expect(between?.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(between)).toContain('Ingrese entrecalles');
    expect(document.activeElement).toBe(search);
  });

  it('aclaraciones is always optional', async () => {
    await render();
    await click(button('CONTINUAR'));
    const details = document.querySelector('input[autocomplete="address-line2"]');
    expect(details?.getAttribute('aria-invalid')).toBeNull();
    expect(details?.getAttribute('aria-required')).toBeNull();
  });
});

describe('a CONTINUAR the modal cannot complete is seen and read (ADR 046)', () => {
  it('an address typed by hand that the map cannot place: the message takes the focus', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/geo/search')
          ? new Response(JSON.stringify({ suggestions: [] }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Promise(() => {}),
      ),
    );
    await render();
    await click(button('Mi ubicación'));
    const type = async (selector: string, value: string) => {
      const input = document.querySelector<HTMLInputElement>(selector);
      if (!input) throw new Error(`no ${selector}`);
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await type('input[autocomplete="address-line1"]', 'Calle Inexistente 123');
    await type('input[autocomplete="off"]:not([role])', 'Una y Otra');
    await click(button('CONTINUAR'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(
      'No pudimos ubicar esa dirección en el mapa. Marca tu ubicación en el mapa o usa Obtener mis coordenadas.',
    );
    expect(document.activeElement).toBe(alert);
  });
});
