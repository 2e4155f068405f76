import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '../../../lib/staff-session';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { TeamMember } from '../api/staff-api';
import TeamView from './team-view';

// 'Equipo' against a fake API (fetch is the only thing replaced): what the list says of each member,
// the invitation's checks and refusals without losing what was typed, the link handed over, and removal.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OWNER: Staff = {
  id: 1,
  name: 'Lucía',
  email: 'lucia@fuego.example',
  role: 'OWNER',
  companyId: 1,
  branchContacts: [],
};
const PALERMO = { id: 7, alias: 'fuego-palermo', name: 'Fuego Palermo' };
const BELGRANO = { id: 8, alias: 'fuego-belgrano', name: 'Fuego Belgrano' };
const member = (over: Partial<TeamMember>): TeamMember => ({
  id: 2,
  name: 'Mostrador',
  email: 'palermo@fuego.example',
  role: 'STAFF',
  branchContacts: [PALERMO],
  state: 'ACTIVE',
  pendingLink: null,
  ...over,
});
const LINK = {
  url: 'https://consola.test/console/clave#abc',
  purpose: 'INVITE',
  expiresAt: '2026-11-23T21:00:00.000Z',
};

let requests: FakeRequest[];
let members: TeamMember[];
let inviteAnswer: Response | null;
let container: HTMLDivElement;
let root: Root;

const button = (name: string, scope: ParentNode = container) =>
  [...scope.querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
async function type(field: HTMLInputElement | null, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = async (node: HTMLElement | null) => {
  await act(async () => node?.click());
  await settle();
};

beforeEach(() => {
  members = [
    member({ id: 1, name: 'Lucía', email: 'lucia@fuego.example', role: 'OWNER', branchContacts: [] }),
    member({}),
  ];
  inviteAnswer = null;
  requests = fetchFake((request) => {
    if (request.path === '/api/console/branchcontacts') return jsonResponse(200, [PALERMO, BELGRANO]);
    if (request.path === '/api/console/staff' && request.method === 'GET')
      return jsonResponse(200, { staff: members });
    if (request.path === '/api/console/staff' && request.method === 'POST') {
      if (inviteAnswer) return inviteAnswer;
      const created = member({
        id: 3,
        name: request.body.name,
        email: request.body.email,
        state: 'INVITED',
        pendingLink: { purpose: 'INVITE', expiresAt: LINK.expiresAt },
      });
      members = [...members, created];
      return jsonResponse(201, { staff: created, link: LINK });
    }
    if (request.path === '/api/console/staff/2' && request.method === 'DELETE')
      return jsonResponse(200, { staff: member({ state: 'DISABLED', branchContacts: [] }) });
    return jsonResponse(404, { message: 'unexpected' });
  });
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render() {
  const onFailure = vi.fn();
  await act(async () => {
    root.render(<TeamView token="owner-token" staff={OWNER} location={PALERMO} onFailure={onFailure} />);
  });
  await settle();
  return onFailure;
}

describe("the 'Equipo' tab", () => {
  it('lists each member with role, locations and access; the owner gets no remove button on themself', async () => {
    members.push(
      member({
        id: 4,
        name: 'Ana',
        email: 'ana@fuego.example',
        state: 'INVITED',
        pendingLink: { purpose: 'INVITE', expiresAt: LINK.expiresAt },
      }),
    );
    members.push(
      member({ id: 5, name: 'Beto', email: 'beto@fuego.example', state: 'DISABLED', branchContacts: [] }),
    );
    await render();
    expect(requests.find((r) => r.path === '/api/console/staff')?.headers.authorization).toBe(
      'Bearer owner-token',
    );
    const cards = [...container.querySelectorAll('.team-member')];
    expect(cards.map((card) => card.querySelector('.team-state')?.textContent)).toEqual([
      'Activo',
      'Activo',
      expect.stringMatching(/^Invitación pendiente \(vence .+\)$/),
      'Sin acceso',
    ]);
    expect(cards[0]?.textContent).toContain('Dueño · Todos los locales');
    expect(cards[1]?.textContent).toContain('Personal · Fuego Palermo');
    expect(button('Quitar acceso', cards[0]!)).toBeNull();
    expect(button('Quitar acceso', cards[1]!)).not.toBeNull();
    expect(button('Invitar de nuevo', cards[3]!)).not.toBeNull();
  });

  it('checks the invitation, keeps what was typed on a refusal, and shows the link to copy or send', async () => {
    await render();
    await click(button('Invitar'));
    await type(input('name'), 'Ana Gómez');
    await type(input('email'), 'ana@fuego');
    await click(button('Invitar'));
    expect(container.textContent).toContain('Escriba un email válido.');
    expect(container.textContent).toContain('Elija al menos un local.');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await type(input('email'), 'ana@fuego.example');
    const belgrano = [...container.querySelectorAll<HTMLLabelElement>('.team-choice')].find(
      (l) => l.textContent === 'Fuego Belgrano',
    );
    await click(belgrano?.querySelector('input') ?? null);
    inviteAnswer = jsonResponse(409, { error: 'Conflict', message: 'Ese email ya tiene una cuenta' });
    await click(button('Invitar'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Ese email ya tiene una cuenta');
    expect(input('name')?.value).toBe('Ana Gómez');
    expect(input('email')?.value).toBe('ana@fuego.example');

    inviteAnswer = null;
    await click(button('Invitar'));
    const sent = requests.filter((r) => r.method === 'POST').at(-1);
    expect(sent?.body).toEqual({
      name: 'Ana Gómez',
      email: 'ana@fuego.example',
      role: 'STAFF',
      branchContactIds: [8],
    });
    const link = container.querySelector<HTMLInputElement>('.team-link input');
    expect(link?.value).toBe(LINK.url);
    const mailto = container.querySelector<HTMLAnchorElement>('.team-link a')?.getAttribute('href') ?? '';
    expect(mailto.startsWith('mailto:ana%40fuego.example?subject=')).toBe(true);
    expect(decodeURIComponent(mailto)).toContain(`Hola Ana Gómez:`);
    expect(decodeURIComponent(mailto)).toContain(LINK.url);
  });

  it('removes access only after the confirmation', async () => {
    await render();
    const card = container.querySelectorAll('.team-member')[1]!;
    await click(button('Quitar acceso', card));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(card.textContent).toContain('¿Quitar el acceso a Mostrador?');
    await click(button('Sí, quitar acceso', card));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/console/staff/2',
    ]);
    expect(container.querySelectorAll('.team-member')[1]?.querySelector('.team-state')?.textContent).toBe(
      'Sin acceso',
    );
  });
});
