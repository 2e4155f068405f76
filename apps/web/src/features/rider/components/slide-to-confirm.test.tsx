import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlideToConfirm } from './slide-to-confirm';

// The slide-to-confirm control as a rider's finger and a keyboard drive it,
// rendered in happy-dom: small steps count, a jump does not, releasing past
// the threshold runs the action once and the thumb goes back to 0.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let confirm: ReturnType<typeof vi.fn<() => void>>;

const slider = () => container.querySelector<HTMLInputElement>('input[type="range"]') as HTMLInputElement;
const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** What the browser does while the thumb is dragged: sets the value and fires `input`. */
async function dragTo(value: number) {
  await act(async () => {
    setNative?.call(slider(), String(value));
    slider().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function release() {
  await act(async () => {
    slider().dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
  });
}

async function render(disabled = false) {
  await act(async () => {
    root.render(<SlideToConfirm label="Aceptar envío" disabled={disabled} onConfirm={confirm} />);
  });
}

beforeEach(async () => {
  confirm = vi.fn<() => void>();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await render();
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('SlideToConfirm (follow-up §4.4)', () => {
  it('is a slider from 0 to 100 named by the next action, with the hint', () => {
    expect(slider().getAttribute('aria-label')).toBe('Aceptar envío');
    expect(slider().min).toBe('0');
    expect(slider().max).toBe('100');
    expect(slider().value).toBe('0');
    const hint = document.getElementById(slider().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Deslice >>');
  });

  it('dragged along in small steps and released past the threshold: runs once, then goes back to 0', async () => {
    for (const value of [10, 25, 40, 55, 70, 85, 95]) await dragTo(value);
    expect(slider().value).toBe('95');
    expect(slider().getAttribute('aria-valuetext')).toBe('Aceptar envío: suelta para confirmar');
    await release();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(slider().value).toBe('0');
  });

  it('a tap far along the track is a jump: ignored, and releasing there does nothing', async () => {
    await dragTo(95);
    expect(slider().value).toBe('0');
    await release();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('released short of the threshold: nothing runs and it goes back to 0', async () => {
    for (const value of [20, 40, 60, 80]) await dragTo(value);
    await release();
    expect(confirm).not.toHaveBeenCalled();
    expect(slider().value).toBe('0');
  });

  it('from the keyboard: moved in steps, Enter releases it', async () => {
    for (const value of [10, 20, 30, 40, 50, 60, 70, 80, 90]) await dragTo(value);
    await act(async () => {
      slider().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(slider().value).toBe('0');
  });

  it('leaving the control half-way is not a release', async () => {
    for (const value of [20, 40, 60, 80, 95]) await dragTo(value);
    await act(async () => {
      slider().dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(slider().value).toBe('0');
  });

  it('offers a button that runs the same action, for whoever cannot drag', async () => {
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('Confirmar: Aceptar envío');
    await act(async () => button?.click());
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('while an action runs (disabled), neither the slider nor the button runs it again', async () => {
    await render(true);
    expect(slider().disabled).toBe(true);
    expect(container.querySelector('button')?.disabled).toBe(true);
  });
});
