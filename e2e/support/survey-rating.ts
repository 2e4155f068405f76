import type { APIRequestContext } from '@playwright/test';
import { takeAwayOrderPlace } from './account-orders';
import { freshPhone } from './checkout-flow';
import { expect } from './fixtures';

/** The demo brand's owner: moves orders along in the console. */
export const BRASA_OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };

interface Question {
  id: number;
  title: string;
  type: string;
  questionReasons?: Question[];
}

/** A staff token of the demo brand's owner. */
export async function brasaOwnerToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/staff/login', { data: BRASA_OWNER });
  expect(answer.status()).toBe(200);
  return (await answer.json()).token;
}

/**
 * A take-away order placed at `alias`, moved to delivered by the staff, then
 * rated by its diner through the public survey call, as a diner would.
 */
export async function orderDeliveredAndRated(
  request: APIRequestContext,
  at: { alias: string; token: string; branchContactId: number },
  rating: { general: number; reasons?: string[]; comment?: string },
): Promise<{ code: string; id: number }> {
  const phone = `+549${freshPhone().replaceAll(' ', '')}`;
  const { code } = await takeAwayOrderPlace(request, {
    alias: at.alias,
    phone,
    customerName: 'Lía Sosa',
    quantity: 1,
  });
  const auth = { authorization: `Bearer ${at.token}` };
  const board = await (
    await request.get(`/api/console/orders?branchContactId=${at.branchContactId}&state=new&limit=100`, {
      headers: auth,
    })
  ).json();
  const order = board.orders.find((candidate: { code: string }) => candidate.code === code);
  for (const status of ['ACCEPTED', 'READY', 'DELIVERED']) {
    const moved = await request.post(`/api/console/orders/${order.id}/status`, {
      headers: auth,
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const survey = await (await request.get(`/api/survey/${at.branchContactId}`)).json();
  const questions: Question[] = survey.questions;
  const general = questions.find((question) => question.type === 'rating');
  const text = questions.find((question) => question.type === 'text');
  if (!general || !text) throw new Error(`The survey of ${at.alias} has no rating or text question`);
  const answers = [
    {
      questionId: general.id,
      surveyId: survey.id,
      answer: String(rating.general),
      reason: rating.reasons?.join(', ') ?? null,
    },
    ...(rating.comment ? [{ questionId: text.id, surveyId: survey.id, answer: rating.comment }] : []),
  ];
  const sent = await request.post(`/api/survey/${code}`, { data: { answers } });
  expect(sent.status(), await sent.text()).toBe(201);
  return { code, id: order.id };
}
