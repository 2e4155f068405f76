import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import { useSurveyLoad } from '../hooks/use-survey-load';
import { SurveyPage } from './survey-page';

// The survey page against a fake API (fetch is the only thing replaced): the order's summary, the
// location's survey, and the answers as the server receives them. The real server's checks are
// covered by apps/api/test/survey.test.ts; the e2e (e2e/tests/survey.spec.ts) drives both together.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE = 'K7MQ2ZP4XW9A';
const DELIVERED = { orderHasResponse: false, generalNPSAnswer: null, delivered: true, branchContactId: 2 };
const question = (fields: Record<string, unknown>) => ({
  subTitle: null,
  mandatory: false,
  priority: false,
  options: [],
  questionReasons: [],
  ...fields,
});
// Sent out of order: the page asks them by questionOrder.
const SURVEY = {
  id: 5,
  active: true,
  branchContactId: 2,
  questions: [
    question({ id: 12, title: '¿Nos recomendarías a un amigo?', type: 'rating', questionOrder: 2 }),
    question({
      id: 11,
      title: '¿Cómo calificarías tu pedido?',
      type: 'rating',
      questionOrder: 1,
      mandatory: true,
      priority: true,
      questionReasons: [
        question({
          id: 14,
          title: '¿Qué podemos mejorar?',
          type: 'multiselect',
          questionOrder: 1,
          options: ['Demora', 'Temperatura', 'Empaque'],
        }),
      ],
    }),
    question({
      id: 13,
      title: '¿Quieres contarnos algo más?',
      subTitle: 'Opcional',
      type: 'text',
      questionOrder: 3,
    }),
  ],
};

let requests: FakeRequest[] = [];
let handle: (request: FakeRequest) => Response;
let container: HTMLDivElement;
let root: Root;

function api(overrides: { summary?: unknown; survey?: unknown; post?: () => Response } = {}) {
  return (request: FakeRequest): Response => {
    if (request.method === 'POST')
      return overrides.post?.() ?? jsonResponse(201, { orderHasResponse: true, generalNPSAnswer: 2 });
    if (request.path === `/api/survey/order/${CODE}`)
      return jsonResponse(200, overrides.summary ?? DELIVERED);
    if (request.path === '/api/survey/2') return jsonResponse(200, overrides.survey ?? SURVEY);
    return jsonResponse(404, { error: 'Not Found', message: 'nada' });
  };
}

function Harness({ prefill }: { prefill: string | null }) {
  const load = useSurveyLoad(CODE);
  return (
    <SurveyPage
      orderCode={CODE}
      venueName="Brasa Caballito"
      load={load}
      prefill={prefill}
      homeHref="/menu/brasa-caballito"
      followUpHref={`/menu/brasa-caballito/order/${CODE}`}
    />
  );
}

async function render(prefill: string | null = null) {
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter>
          <Harness prefill={prefill} />
        </MemoryRouter>
      </ToastProvider>,
    );
  });
  await settle();
  await settle();
}

const text = () => document.body.textContent ?? '';
const posts = () => requests.filter((request) => request.method === 'POST');
const toasts = () => [...document.querySelectorAll('.toast')].map((node) => node.textContent);
const fieldset = (id: number) => container.querySelector<HTMLFieldSetElement>(`[data-question-id="${id}"]`);
const star = (id: number, rating: number) =>
  fieldset(id)?.querySelector<HTMLInputElement>(`input[type="radio"][value="${rating}"]`) ?? null;
const submitButton = () => container.querySelector<HTMLButtonElement>('button[type="submit"]');
const reasons = () => container.querySelector('[data-testid="survey-reasons"]');

async function click(element: HTMLElement | null | undefined) {
  if (!element) throw new Error('Nothing to click');
  await act(async () => element.click());
  await settle();
  await settle();
}

const setTextArea = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
async function type(field: HTMLTextAreaElement | null | undefined, value: string) {
  if (!field) throw new Error('No field');
  await act(async () => {
    setTextArea?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const option = (name: string) =>
  [...container.querySelectorAll<HTMLLabelElement>('.survey-options__option')]
    .find((label) => label.textContent === name)
    ?.querySelector('input');

beforeEach(() => {
  handle = api();
  requests = fetchFake((request) => handle(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the survey page', () => {
  it('asks the questions by questionOrder, the general one as five stars', async () => {
    await render();
    const titles = [...container.querySelectorAll('.survey-question__title')].map((node) => node.textContent);
    expect(titles).toEqual([
      '¿Cómo calificarías tu pedido?',
      '¿Nos recomendarías a un amigo?',
      '¿Quieres contarnos algo más?',
    ]);
    expect(fieldset(11)?.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    expect(fieldset(11)?.textContent).toContain('(obligatoria)');
    expect(fieldset(13)?.textContent).toContain('Opcional');
    expect(requests.map((request) => request.path)).toEqual([`/api/survey/order/${CODE}`, '/api/survey/2']);
  });

  it('reveals the reasons under a rating below 5 and clears them with a 5 or an emptied rating', async () => {
    await render();
    // The second rating is not a priority: it never sends on its own.
    await click(star(12, 3));
    expect(reasons()).toBeNull();
    // A low general rating is a priority answer that reveals reasons: it waits for them.
    await click(star(11, 2));
    expect(posts()).toHaveLength(0);
    expect(reasons()?.textContent).toContain('¿Qué podemos mejorar?');
    await click(option('Demora'));
    await click(option('Empaque'));
    expect(option('Demora')?.checked).toBe(true);

    // Emptied (the chosen star tapped again): hidden, and the choices are gone.
    await click(star(11, 2));
    expect(star(11, 2)?.checked).toBe(false);
    expect(reasons()).toBeNull();
    await click(star(11, 3));
    expect(option('Demora')?.checked).toBe(false);
    await click(option('Temperatura'));
    await click(submitButton());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body.answers).toEqual([
      expect.objectContaining({ questionId: 11, answer: '3', reason: 'Temperatura', surveyId: 5 }),
      expect.objectContaining({ questionId: 12, answer: '3', reason: null }),
    ]);
    expect(posts()[0]?.body.answers[0]).not.toHaveProperty('dinerOrderId');
    expect(container.querySelector('[data-testid="survey-thanks"]')?.textContent).toContain(
      '¡Gracias por tu opinión!',
    );
  });

  it('a 5 on the priority question sends the survey at once, without the reasons it hid', async () => {
    await render();
    await click(star(11, 2));
    await click(option('Demora'));
    await click(star(11, 5));
    expect(reasons()).toBeNull();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body.answers).toEqual([
      expect.objectContaining({ questionId: 11, answer: '5', reason: null }),
    ]);
    expect(text()).toContain('¡Gracias por tu opinión!');
  });

  it('counts the characters of a text answer and turns the box red past 180', async () => {
    await render();
    const box = fieldset(13)?.querySelector('textarea');
    const counter = () => container.querySelector('[data-testid="survey-text-counter"]');
    expect(counter()?.textContent).toBe('0/180');
    await type(box, 'a'.repeat(180));
    expect(counter()?.textContent).toBe('180/180');
    expect(box?.classList.contains('survey-text__input--over')).toBe(false);
    expect(box?.getAttribute('aria-invalid')).toBeNull();
    await type(box, 'ñ'.repeat(181));
    expect(counter()?.textContent).toBe('181/180 · Máximo 180 caracteres');
    expect(box?.classList.contains('survey-text__input--over')).toBe(true);
    expect(box?.getAttribute('aria-invalid')).toBe('true');
    // Nothing over the limit leaves the page.
    await click(star(11, 4));
    await click(submitButton());
    expect(posts()).toHaveLength(0);
    expect(toasts()).toContain('La respuesta puede tener hasta 180 caracteres');
  });

  it('says a skipped mandatory question is mandatory, sends nothing, and locks Enviar for 1.5 s', async () => {
    await render();
    await click(star(12, 4));
    await click(submitButton());
    const message = 'La pregunta ¿Cómo calificarías tu pedido? es obligatoria';
    expect(fieldset(11)?.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(toasts()).toEqual([message]);
    expect(posts()).toHaveLength(0);
    expect(submitButton()?.disabled).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1600)));
    expect(submitButton()?.disabled).toBe(false);
    // Answering it takes the message away.
    await click(star(11, 1));
    expect(fieldset(11)?.querySelector('[role="alert"]')).toBeNull();
  });

  it('sends once when Enviar is pressed twice in a row', async () => {
    let answer: (response: Response) => void = () => {};
    handle = (request) => api()(request);
    requests = fetchFake((request) =>
      request.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : handle(request),
    );
    await render('2');
    const button = submitButton();
    await click(button);
    await click(button);
    await act(async () => button?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(posts()).toHaveLength(1);
    expect(button?.disabled).toBe(true);
    expect(button?.textContent).toBe('Enviando…');
    await act(async () => answer(jsonResponse(201, { orderHasResponse: true, generalNPSAnswer: 2 })));
    await settle();
    expect(text()).toContain('Tu calificación: 2 de 5');
  });

  it('pre-fills the first rating from ?surveyGeneralNPSAnswer= without sending it', async () => {
    await render('4');
    expect(star(11, 4)?.checked).toBe(true);
    expect(reasons()?.textContent).toContain('¿Qué podemos mejorar?');
    expect(star(12, 4)?.checked).toBe(false);
    expect(posts()).toHaveLength(0);
  });

  it('ignores a pre-fill that is not a rating 1–5', async () => {
    await render('9');
    expect([1, 2, 3, 4, 5].some((rating) => star(11, rating)?.checked)).toBe(false);
  });

  it('shows the server’s refusal of a second submission', async () => {
    handle = api({
      post: () =>
        jsonResponse(409, {
          error: 'Conflict',
          message: 'Ya respondiste la encuesta de este pedido. ¡Gracias!',
        }),
    });
    await render();
    await click(star(11, 5));
    const refused = container.querySelector('[data-testid="survey-refused"]');
    expect(refused?.textContent).toContain('Ya respondiste la encuesta de este pedido. ¡Gracias!');
    expect(refused?.querySelector('a')?.getAttribute('href')).toBe(`/menu/brasa-caballito/order/${CODE}`);
  });

  it('puts the server’s per-question message under its question', async () => {
    handle = api({
      post: () =>
        jsonResponse(400, {
          error: 'Bad Request',
          message: 'questions.14: Elige solo entre las opciones de la pregunta ¿Qué podemos mejorar?',
          fields: { 'questions.14': 'Elige solo entre las opciones de la pregunta ¿Qué podemos mejorar?' },
        }),
    });
    await render('3');
    await click(option('Demora'));
    await click(submitButton());
    expect(fieldset(14)?.querySelector('[role="alert"]')?.textContent).toBe(
      'Elige solo entre las opciones de la pregunta ¿Qué podemos mejorar?',
    );
    expect(container.querySelector('form')).not.toBeNull();
  });

  it.each([
    [
      { ...DELIVERED, delivered: false },
      'survey-not-delivered',
      'Podrás calificar tu pedido cuando te lo hayan entregado',
    ],
    [
      { ...DELIVERED, orderHasResponse: true, generalNPSAnswer: 4 },
      'survey-answered',
      'Tu calificación: 4 de 5',
    ],
  ])('says why an order cannot be rated (%#)', async (summary, testId, words) => {
    handle = api({ summary });
    await render();
    expect(container.querySelector(`[data-testid="${testId}"]`)?.textContent).toContain(words);
    expect(container.querySelector('form')).toBeNull();
    expect(requests.some((request) => request.path === '/api/survey/2')).toBe(false);
  });

  it('says a survey switched off is not available, and an unknown order is not found', async () => {
    handle = api({ survey: { ...SURVEY, active: false } });
    await render();
    expect(text()).toContain('La encuesta de este local no está disponible');
    await act(async () => root.unmount());
    ({ container, root } = testRootMount());
    handle = () => jsonResponse(404, { error: 'Not Found', message: `No existe el pedido ${CODE}` });
    await render();
    expect(text()).toContain('Encuesta no encontrada');
    expect(text()).toContain(`No existe el pedido ${CODE}`);
  });
});
