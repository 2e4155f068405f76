import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import { StaffLinkPage } from './staff-link-page';

// The password link page against a fake API: the token goes from the fragment to a header, never to a
// URL; a used link says what to do; the password's rules are checked before anything is sent.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'a'.repeat(43);
let requests: FakeRequest[];
let answer: Response;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  window.history.replaceState(null, '', `/console/clave#${TOKEN}`);
  answer = jsonResponse(200, {
    name: 'Ana',
    email: 'ana@fuego.example',
    purpose: 'INVITE',
    expiresAt: '2026-11-23T21:00:00.000Z',
  });
  requests = fetchFake(() => answer);
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render() {
  await act(async () => root.render(<StaffLinkPage />));
  await settle();
}

describe('the password link page', () => {
  it('reads the token from the fragment and sends it in a header, greeting the person', async () => {
    await render();
    expect(requests[0]?.path).toBe('/api/staff/password-link');
    expect(requests[0]?.query.toString()).toBe('');
    expect(requests[0]?.headers.authorization).toBe(`Link ${TOKEN}`);
    expect(container.querySelector('h1')?.textContent).toBe('Hola Ana: elija su contraseña');
    expect(container.textContent).toContain('Al menos 10 caracteres.');
  });

  it('checks length and repetition before sending', async () => {
    await render();
    const set = (name: string, value: string) =>
      act(async () => {
        const field = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
        field?.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await set('password', 'corta');
    await set('repeat', 'otra');
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
    expect(container.querySelector('#staff-link-password-note')?.textContent).toBe(
      'La contraseña debe tener al menos 10 caracteres.',
    );
    expect(container.querySelector('#staff-link-repeat-note')?.textContent).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('explains a used or expired link and what to do', async () => {
    answer = jsonResponse(410, {
      error: 'Gone',
      message: 'El enlace venció o ya se usó. Pida al dueño un enlace nuevo.',
    });
    await render();
    expect(container.querySelector('h1')?.textContent).toBe('No se puede usar este enlace');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Este enlace venció o ya se usó.');
    expect(container.textContent).toContain('Pida al dueño un enlace nuevo.');
  });
});
