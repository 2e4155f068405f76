/**
 * The order survey's calls (follow-up §7; ADR 031): whether the order may be
 * rated, the location's survey, and the answers. The questions come back in
 * the domain's shape, so the page runs packages/domain's survey rules — the
 * same functions the server checks a submission with.
 */
import type { SurveyAnswerPayload, SurveyQuestion, SurveyQuestionType } from '@comanda/domain/survey';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/survey/order/{orderCode}` (ordering §3 "Survey summary"). */
export interface SurveySummary {
  orderHasResponse: boolean;
  /** The general rating 1–5 given, if any. */
  generalNPSAnswer: number | null;
  /** Only a delivered order can be rated. */
  delivered: boolean;
  branchContactId: number;
}

interface ApiSurveyQuestionBase {
  id: number;
  title: string;
  subTitle: string | null;
  type: SurveyQuestionType;
  questionOrder: number;
  mandatory: boolean;
  priority: boolean;
  options: string[];
}

interface ApiSurvey {
  id: number;
  active: boolean;
  branchContactId: number;
  questions: (ApiSurveyQuestionBase & { questionReasons: ApiSurveyQuestionBase[] })[];
}

/** A location's survey, its questions as packages/domain reads them. */
export interface Survey {
  id: number;
  /** An inactive survey takes no answers. */
  active: boolean;
  questions: SurveyQuestion[];
}

export function surveySummaryGet(orderCode: string): Promise<SurveySummary> {
  return apiRequest<SurveySummary>(`/survey/order/${encodeURIComponent(orderCode)}`);
}

function questionOf(question: ApiSurveyQuestionBase): SurveyQuestion {
  return {
    id: question.id,
    title: question.title,
    ...(question.subTitle ? { subTitle: question.subTitle } : {}),
    type: question.type,
    questionOrder: question.questionOrder,
    mandatory: question.mandatory,
    priority: question.priority,
    options: question.options,
  };
}

export async function surveyGet(branchContactId: number): Promise<Survey> {
  const survey = await apiRequest<ApiSurvey>(`/survey/${branchContactId}`);
  return {
    id: survey.id,
    active: survey.active,
    questions: survey.questions.map((question) => ({
      ...questionOf(question),
      questionReasons: question.questionReasons.map(questionOf),
    })),
  };
}

/**
 * An answer object as sent: the page knows the order by its code only, so the
 * order's id is left out (optional for the server, which takes the order of
 * the path) and the customer is the order's.
 */
export type SurveyAnswerSent = Omit<SurveyAnswerPayload, 'dinerOrderId'>;

/** `POST /api/survey/{orderCode}`: 201 once; 409 with the server's reason for any other attempt. */
export function surveySubmit(
  orderCode: string,
  answers: SurveyAnswerSent[],
): Promise<{ orderHasResponse: true; generalNPSAnswer: number | null }> {
  return apiRequest(`/survey/${encodeURIComponent(orderCode)}`, { method: 'POST', body: { answers } });
}
