import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRootMount } from '../../testing/fake-api';
import { ToastProvider, useToast } from './toast';

// Ordering §9: a toast lasts 3 s and at most two show at once, the newest pushing the oldest out.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let show: (message: string, kind?: 'info' | 'success' | 'error') => void = () => {};

function Grab() {
  show = useToast();
  return null;
}

const shown = () => [...container.ownerDocument.querySelectorAll('.toast')].map((toast) => toast.textContent);

beforeEach(async () => {
  vi.useFakeTimers();
  ({ container, root } = testRootMount());
  await act(async () => {
    root.render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a message for 3 seconds, then takes it away', () => {
    act(() => show('Pago procesado con éxito.', 'success'));
    expect(shown()).toEqual(['Pago procesado con éxito.']);
    act(() => vi.advanceTimersByTime(2_999));
    expect(shown()).toEqual(['Pago procesado con éxito.']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it('shows at most two, the newest replacing the oldest, each still leaving 3 s after it came', () => {
    act(() => show('Primero'));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => show('Segundo'));
    act(() => show('Tercero', 'error'));
    expect(shown()).toEqual(['Segundo', 'Tercero']);
    expect(container.ownerDocument.querySelector('.toast--error')?.getAttribute('role')).toBe('alert');
    act(() => vi.advanceTimersByTime(3_000));
    expect(shown()).toEqual([]);
  });
});
