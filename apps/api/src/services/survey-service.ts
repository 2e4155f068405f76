/**
 * The order survey (follow-up §2.3, §3, §4.8, §5, §7; ADR 031). Public: the
 * unguessable order code is the diner's only credential, as for the follow-up.
 *
 * - `GET /api/survey/{branchContactId}`: the location's branch survey.
 * - `GET /api/survey/order/{orderCode}`: whether the order's survey was answered.
 * - `POST /api/survey/{orderCode}`: the answers, read and checked by
 *   packages/domain's survey rules (the page's own), stored once per order —
 *   the response's unique order refuses a second submission, also when two
 *   arrive at once. Only a delivered order can be rated.
 */

import { surveyMessages } from '@comanda/domain/messages';
import {
  type SurveyAnswer,
  type SurveyQuestion,
  surveyBuildAnswers,
  surveyErrorText,
  surveyGeneralQuestion,
  surveyReadAnswers,
  surveyValidate,
} from '@comanda/domain/survey';
import type { Queryable } from '../db/client';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { type OrderRow, orderByCode } from '../repositories/order-repository';
import {
  type SurveyQuestionRow,
  type SurveyRow,
  surveyOfBranch,
  surveyOfBranchContact,
  surveyQuestionsOf,
  surveyResponseInsert,
  surveyResponseOfOrder,
} from '../repositories/survey-repository';
import type { SurveySubmitBody, SurveySummaryView, SurveyView } from '../schemas/survey';
import { type OrderAnnounceDeps, orderChangeAnnounce } from './order-events';

/** (ours) The survey's refusals, in the storefront's tú (COPY.md). */
export const surveyServiceMessages = {
  // The reasons the page also shows on its own (from the summary), kept in one place.
  noSurvey: surveyMessages.noSurvey,
  orderNotFound: (code: string) => `No existe el pedido ${code}`,
  notDelivered: surveyMessages.notDelivered,
  inactive: surveyMessages.inactive,
  alreadyAnswered: surveyMessages.alreadyAnswered,
  otherSurvey: 'No es la encuesta de este pedido',
  otherOrder: 'No es el pedido de la dirección',
  nothingAnswered: 'Responde al menos una pregunta',
} as const;

/** The questions as packages/domain reads them: top-level ones with their reason questions. */
export function surveyQuestionsTree(rows: SurveyQuestionRow[]): SurveyQuestion[] {
  const of = (row: SurveyQuestionRow): SurveyQuestion => ({
    id: row.id,
    title: row.title,
    ...(row.subTitle !== null ? { subTitle: row.subTitle } : {}),
    type: row.type,
    questionOrder: row.questionOrder,
    mandatory: row.mandatory,
    priority: row.priority,
    options: row.options,
  });
  return rows
    .filter((row) => row.parentQuestionId === null)
    .map((row) => ({
      ...of(row),
      questionReasons: rows.filter((reason) => reason.parentQuestionId === row.id).map(of),
    }));
}

function surveyPresent(survey: SurveyRow, branchContactId: number, rows: SurveyQuestionRow[]): SurveyView {
  const view = (row: SurveyQuestionRow) => ({
    id: row.id,
    title: row.title,
    subTitle: row.subTitle,
    type: row.type,
    questionOrder: row.questionOrder,
    mandatory: row.mandatory,
    priority: row.priority,
    options: row.options,
  });
  return {
    id: survey.id,
    active: survey.active,
    branchContactId,
    questions: rows
      .filter((row) => row.parentQuestionId === null)
      .map((row) => ({
        ...view(row),
        questionReasons: rows.filter((reason) => reason.parentQuestionId === row.id).map(view),
      })),
  };
}

/** `GET /api/survey/{branchContactId}`. */
export async function surveyGet(db: Queryable, branchContactId: number): Promise<SurveyView> {
  const found = await surveyOfBranchContact(db, branchContactId);
  if (!found) throw notFound(surveyServiceMessages.noSurvey);
  return surveyPresent(found.survey, branchContactId, await surveyQuestionsOf(db, found.survey));
}

async function orderOf(db: Queryable, code: string): Promise<OrderRow> {
  const order = await orderByCode(db, code);
  if (!order) throw notFound(surveyServiceMessages.orderNotFound(code));
  return order;
}

/** `GET /api/survey/order/{orderCode}` (ordering §3 "Survey summary"). */
export async function surveyOrderSummary(db: Queryable, code: string): Promise<SurveySummaryView> {
  const order = await orderOf(db, code);
  const response = await surveyResponseOfOrder(db, order.companyId, order.id);
  return {
    orderHasResponse: response !== undefined,
    generalNPSAnswer: response?.rating ?? null,
    delivered: order.status === 'DELIVERED',
    branchContactId: order.branchContactId,
  };
}

const alreadyAnswered = () => conflict(surveyServiceMessages.alreadyAnswered);

/**
 * Per-field messages of a submission: an answer object that cannot be read is
 * named by its path (`answers[2].reason`); a rule broken by a question by the
 * question (`questions.{id}`), since an unanswered one has no answer object.
 */
function submissionProblems(
  survey: SurveyRow,
  order: OrderRow,
  questions: SurveyQuestion[],
  body: SurveySubmitBody,
): { fields: Record<string, string>; answers: Readonly<Record<string, SurveyAnswer | null | undefined>> } {
  const fields: Record<string, string> = {};
  body.answers.forEach((answer, index) => {
    if (answer.surveyId !== undefined && answer.surveyId !== survey.id)
      fields[`answers[${index}].surveyId`] = surveyServiceMessages.otherSurvey;
    if (answer.dinerOrderId !== undefined && answer.dinerOrderId !== order.id)
      fields[`answers[${index}].dinerOrderId`] = surveyServiceMessages.otherOrder;
  });
  const read = surveyReadAnswers(questions, body.answers);
  for (const error of read.errors) fields[`answers[${error.index}].${error.field}`] ??= error.message;
  for (const error of surveyValidate(questions, read.answers))
    fields[`questions.${error.questionId}`] ??= surveyErrorText(error);
  return { fields, answers: read.answers };
}

/** `POST /api/survey/{orderCode}`: 201 with the summary, once per order. */
export async function surveySubmit(
  deps: OrderAnnounceDeps,
  input: { code: string; body: SurveySubmitBody },
): Promise<{ orderHasResponse: true; generalNPSAnswer: number | null }> {
  const { db } = deps;
  const order = await orderOf(db, input.code);
  if (order.status !== 'DELIVERED') throw conflict(surveyServiceMessages.notDelivered);
  const survey = await surveyOfBranch(db, order.companyId, order.branchId);
  if (!survey) throw notFound(surveyServiceMessages.noSurvey);
  if (!survey.active) throw conflict(surveyServiceMessages.inactive);
  if (await surveyResponseOfOrder(db, order.companyId, order.id)) throw alreadyAnswered();

  const questions = surveyQuestionsTree(await surveyQuestionsOf(db, survey));
  const { fields, answers } = submissionProblems(survey, order, questions, input.body);
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);

  const general = surveyGeneralQuestion(questions);
  const rating = general ? answers[general.id] : undefined;
  const reasons = (general?.questionReasons ?? []).flatMap((reason) => {
    const chosen = answers[reason.id];
    return Array.isArray(chosen) ? chosen : [];
  });
  const rows = surveyBuildAnswers(questions, answers, {
    surveyId: survey.id,
    dinerOrderId: order.id,
    orderingCustomerId: order.customerId,
  }).map((answer) => ({
    questionId: Number(answer.questionId),
    questionTitle: answer.questionTitle,
    questionType: answer.questionType,
    answer: answer.answer,
    reason: answer.reason,
    mandatory: answer.mandatory,
    priority: answer.priority,
  }));
  // Nothing answered (every question optional and left empty) is not a response.
  if (rows.length === 0)
    throw badRequest(`answers: ${surveyServiceMessages.nothingAnswered}`, {
      answers: surveyServiceMessages.nothingAnswered,
    });
  const saved = await db.transaction((tx) =>
    surveyResponseInsert(
      tx,
      {
        companyId: order.companyId,
        surveyId: survey.id,
        orderId: order.id,
        branchContactId: order.branchContactId,
        customerId: order.customerId,
        rating: typeof rating === 'number' ? rating : null,
        reasons,
        createdAt: new Date(deps.now()),
      },
      rows,
    ),
  );
  if (!saved) throw alreadyAnswered();
  // An open follow-up (this tab or another) stops offering the survey and shows the rating given.
  await orderChangeAnnounce(deps, order.code);
  return { orderHasResponse: true, generalNPSAnswer: saved.rating };
}
