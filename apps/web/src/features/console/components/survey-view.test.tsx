import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastOutlet, ToastProvider } from '../../../components/ui/toast';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { SurveyNpsFigures } from '../api/venue-insights-api';
import { ConsoleZoneContext } from '../hooks/use-console-moment';
import SurveyView from './survey-view';

// The console's 'Encuesta' section (ADR 031) against a fake API: fetch is the only thing replaced.
// What the staff read (NPS, bars with their numbers, reasons, comments), what a period asks for,
// what a comment opens, and the owner's delay with its messages.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NOW = Date.parse('2026-11-20T21:00:00.000Z');
const DAY = 24 * 3_600_000;

const RATED: SurveyNpsFigures = {
  branchContactId: 7,
  name: 'Fuego Palermo',
  inviteDelayMinutes: 60,
  nps: -20,
  count: 5,
  average: 3,
  promoters: 1,
  passives: 1,
  detractors: 3,
  distribution: [
    { rating: 1, count: 2 },
    { rating: 2, count: 1 },
    { rating: 3, count: 0 },
    { rating: 4, count: 1 },
    { rating: 5, count: 1 },
  ],
  reasons: [
    { reason: 'Demora', count: 3 },
    { reason: 'Temperatura', count: 1 },
  ],
  comments: [
    {
      orderId: 501,
      orderCode: 'K7P2QX',
      questionTitle: '¿Algo más para contarnos?',
      text: 'Llegó tarde y frío',
      rating: 1,
      answeredAt: '2026-11-20T20:10:00.000Z',
    },
  ],
};
const EMPTY: SurveyNpsFigures = {
  ...RATED,
  nps: null,
  count: 0,
  average: null,
  promoters: 0,
  passives: 0,
  detractors: 0,
  distribution: RATED.distribution.map((row) => ({ ...row, count: 0 })),
  reasons: [],
  comments: [],
};

let figures: SurveyNpsFigures;
let onDelay: (body: { delayMinutes: number }) => Response;
let requests: FakeRequest[];
let container: HTMLDivElement;
let root: Root;

async function render(owner: boolean) {
  const onOpenOrder = vi.fn();
  const onFailure = vi.fn();
  await act(async () => {
    root.render(
      <ConsoleZoneContext.Provider value="America/Argentina/Buenos_Aires">
        <ToastProvider>
          <SurveyView
            token="staff-token"
            branchContactId={7}
            owner={owner}
            onOpenOrder={onOpenOrder}
            onFailure={onFailure}
          />
          <ToastOutlet />
        </ToastProvider>
      </ConsoleZoneContext.Provider>,
    );
  });
  await settle();
  await settle();
  return { onOpenOrder, onFailure };
}

const text = () => container.textContent ?? '';
const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent;
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const bars = () =>
  [...container.querySelectorAll('.console-survey__bars tbody tr')].map((row) => ({
    label: row.querySelector('th')?.textContent,
    shown: row.querySelector('.console-survey__bar-count')?.textContent,
    width: (row.querySelector('.console-survey__bar') as HTMLElement | null)?.style.width,
    hidden: row.querySelector('.console-survey__bar-cell')?.getAttribute('aria-hidden'),
  }));
const surveyCalls = () => requests.filter((request) => request.path === '/api/console/survey-nps');

async function typeDelay(value: string) {
  const field = container.querySelector<HTMLInputElement>('input[name="inviteDelayMinutes"]');
  if (!field) throw new Error('no delay field');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => button('Guardar espera')?.click());
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  figures = RATED;
  onDelay = (body) => jsonResponse(200, { branchContactId: 7, delayMinutes: body.delayMinutes });
  requests = fetchFake((request) => {
    if (request.path === '/api/console/survey-nps')
      return jsonResponse(200, {
        from: request.query.get('from'),
        to: request.query.get('to'),
        locations: [figures],
      });
    if (request.path === '/api/console/survey-nps/7/invite-delay') return onDelay(request.body);
    return jsonResponse(404, { message: 'unexpected' });
  });
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the console’s survey figures', () => {
  it('shows NPS with its sign, the count, the average and each rating as a bar with its number', async () => {
    await render(false);
    expect(byTestId('survey-nps')).toBe('−20');
    expect(byTestId('survey-count')).toBe('5');
    expect(text()).toContain('3,0 de 5');
    expect(text()).toContain('1 · 1 · 3');
    // Best first; the count and share are text, the bar only repeats them and is hidden from readers.
    expect(bars()).toEqual([
      { label: '5 de 5', shown: '1 (20 %)', width: '20%', hidden: 'true' },
      { label: '4 de 5', shown: '1 (20 %)', width: '20%', hidden: 'true' },
      { label: '3 de 5', shown: '0 (0 %)', width: '0%', hidden: 'true' },
      { label: '2 de 5', shown: '1 (20 %)', width: '20%', hidden: 'true' },
      { label: '1 de 5', shown: '2 (40 %)', width: '40%', hidden: 'true' },
    ]);
    const reasons = [...container.querySelectorAll('.console-survey__reasons tbody tr')].map(
      (row) => row.textContent,
    );
    expect(reasons).toEqual(['Demora3', 'Temperatura1']);
  });

  it('asks for the last 30 days with the staff token, and for the period chosen', async () => {
    await render(false);
    const [first] = surveyCalls();
    expect(first?.headers.authorization).toBe('Bearer staff-token');
    expect(first?.query.get('branchContactId')).toBe('7');
    expect(first?.query.get('to')).toBe(new Date(NOW).toISOString());
    expect(first?.query.get('from')).toBe(new Date(NOW - 30 * DAY).toISOString());
    const select = container.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Últimos 7 días',
      'Últimos 30 días',
      'Últimos 90 días',
      'Últimos 12 meses',
    ]);
    await act(async () => {
      select.value = '90';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(surveyCalls().at(-1)?.query.get('from')).toBe(new Date(NOW - 90 * DAY).toISOString());
  });

  it('lists the latest comments, each opening its order', async () => {
    const { onOpenOrder } = await render(false);
    const comment = container.querySelector('.console-survey__comment');
    expect(comment?.querySelector('blockquote')?.textContent).toBe('Llegó tarde y frío');
    expect(comment?.textContent).toContain('Calificación 1 · ¿Algo más para contarnos?');
    await act(async () => button('Ver pedido #K7P2QX')?.click());
    expect(onOpenOrder).toHaveBeenCalledWith(501);
  });

  it('says so when nobody answered in the period', async () => {
    figures = EMPTY;
    await render(true);
    expect(byTestId('survey-empty')).toContain('Todavía no hay respuestas en los últimos 30 días');
    expect(container.querySelector('.console-survey__bars')).toBeNull();
    // The owner still sets the delay.
    expect(container.querySelector('input[name="inviteDelayMinutes"]')).not.toBeNull();
  });
});

describe('the invitation’s delay', () => {
  it('shows staff the delay without a field', async () => {
    await render(false);
    expect(byTestId('survey-delay')).toBe(
      'Espera después de la entrega: 60 minutos. Solo el dueño puede cambiarla.',
    );
    expect(container.querySelector('input[name="inviteDelayMinutes"]')).toBeNull();
  });

  it('lets an owner save whole minutes from 0 to 1440, with the reason on the field otherwise', async () => {
    await render(true);
    const delayCalls = () => requests.filter((request) => request.method === 'PUT');
    const error = () => container.querySelector('#inviteDelayMinutes-error')?.textContent ?? null;
    const field = () => container.querySelector('input[name="inviteDelayMinutes"]');
    await typeDelay('');
    expect(error()).toBe('Indique los minutos con un número entero');
    expect(field()?.getAttribute('aria-invalid')).toBe('true');
    expect(field()?.getAttribute('aria-describedby')).toBe('inviteDelayMinutes-error');
    await typeDelay('12.5');
    expect(error()).toBe('Indique los minutos con un número entero');
    await typeDelay('1441');
    expect(error()).toBe('Indique entre 0 y 1440 minutos');
    expect(delayCalls()).toHaveLength(0);
    await typeDelay('90');
    expect(error()).toBeNull();
    expect(delayCalls().map((request) => request.body)).toEqual([{ delayMinutes: 90 }]);
    expect(text()).toContain('Espera de la invitación guardada.');
  });

  it('shows the server’s refusal on the field', async () => {
    onDelay = () =>
      jsonResponse(400, {
        error: 'Bad Request',
        message: 'x',
        fields: { delayMinutes: 'Indique entre 0 y 1440 minutos' },
      });
    await render(true);
    await typeDelay('30');
    expect(container.querySelector('#inviteDelayMinutes-error')?.textContent).toBe(
      'Indique entre 0 y 1440 minutos',
    );
  });
});
