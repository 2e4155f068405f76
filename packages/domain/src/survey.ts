/**
 * The order survey (follow-up §2.3, §3, §4.8, §5, §9): question order, the
 * follow-up reasons of a low rating, text limits, mandatory questions, the
 * priority question's auto-submit, the submit lock, and the answers payload.
 */
import { surveyMessages } from './messages';

/** Question types. */
export type SurveyQuestionType = 'rating' | 'text' | 'multiselect';

/** A survey question; a rating question may carry follow-up reason questions. */
export interface SurveyQuestion {
  id: string;
  title: string;
  subTitle?: string;
  type: SurveyQuestionType;
  questionOrder: number;
  mandatory?: boolean;
  /** Answering it submits the survey. */
  priority?: boolean;
  /** Options of a multiselect question. */
  options?: readonly string[];
  questionReasons?: readonly SurveyQuestion[];
}

/** An answer: a rating 1–5, a text, or the chosen options. */
export type SurveyAnswer = number | string | readonly string[];

/** Answers by question id; null or missing is unanswered. */
export type SurveyAnswers = Readonly<Record<string, SurveyAnswer | null | undefined>>;

/** follow-up §9: a text answer holds at most 180 characters. */
export const SURVEY_TEXT_MAX_LENGTH = 180;
/** follow-up §4.8: submit is locked for 1.5 s after a submit. */
export const SURVEY_SUBMIT_LOCK_MS = 1500;
/** follow-up §9: ratings go from 1 to 5. */
export const SURVEY_RATING_MAX = 5;

/** Questions by `questionOrder`. */
export function surveySortQuestions<Q extends Pick<SurveyQuestion, 'questionOrder'>>(
  questions: readonly Q[],
): Q[] {
  return [...questions].sort((a, b) => a.questionOrder - b.questionOrder);
}

/** A lower rating (1–4) reveals the reason questions; 5 or empty does not. */
export function surveyShowsReasons(rating: SurveyAnswer | null | undefined): boolean {
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating < SURVEY_RATING_MAX;
}

function isAnswered(answer: SurveyAnswer | null | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (typeof answer === 'number') return true;
  return answer.length > 0;
}

/**
 * Records an answer. Setting a rating to 5 or clearing it clears the answers of
 * its reason questions.
 */
export function surveySetAnswer(
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
  questionId: string,
  answer: SurveyAnswer | null,
): SurveyAnswers {
  const next: Record<string, SurveyAnswer | null | undefined> = { ...answers, [questionId]: answer };
  const question = questions.find((candidate) => candidate.id === questionId);
  if (question?.type === 'rating' && !surveyShowsReasons(answer)) {
    for (const reason of question.questionReasons ?? []) delete next[reason.id];
  }
  return next;
}

/** The answers the page starts with: `surveyGeneralNPSAnswer` pre-fills the first rating question. */
export function surveyInitialAnswers(
  questions: readonly SurveyQuestion[],
  npsAnswer?: string | number | null,
): SurveyAnswers {
  const rating = Number(npsAnswer);
  const first = surveySortQuestions(questions).find((question) => question.type === 'rating');
  if (!first || !Number.isInteger(rating) || rating < 1 || rating > SURVEY_RATING_MAX || npsAnswer === '')
    return {};
  return { [first.id]: rating };
}

/** The counter and the red border of a text answer. */
export function surveyTextState(text: string): { counter: string; overLimit: boolean } {
  const length = Array.from(text).length;
  return { counter: `${length}/${SURVEY_TEXT_MAX_LENGTH}`, overLimit: length > SURVEY_TEXT_MAX_LENGTH };
}

/** A reason the survey cannot be sent. */
export interface SurveyError {
  questionId: string;
  kind: 'MANDATORY' | 'TOO_LONG' | 'INVALID_RATING';
  /** 'La pregunta {title} es obligatoria' for a mandatory question; null when the field itself shows the problem. */
  message: string | null;
}

/** Every problem, in question order; reason questions count only while shown. */
export function surveyValidate(questions: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyError[] {
  const errors: SurveyError[] = [];
  const check = (question: SurveyQuestion) => {
    const answer = answers[question.id];
    if (question.mandatory && !isAnswered(answer)) {
      errors.push({
        questionId: question.id,
        kind: 'MANDATORY',
        message: surveyMessages.mandatory(question.title),
      });
    } else if (question.type === 'text' && typeof answer === 'string' && surveyTextState(answer).overLimit) {
      errors.push({ questionId: question.id, kind: 'TOO_LONG', message: null });
    } else if (
      question.type === 'rating' &&
      answer !== null &&
      answer !== undefined &&
      !(typeof answer === 'number' && Number.isInteger(answer) && answer >= 1 && answer <= SURVEY_RATING_MAX)
    ) {
      errors.push({ questionId: question.id, kind: 'INVALID_RATING', message: null });
    }
  };
  for (const question of surveySortQuestions(questions)) {
    check(question);
    if (question.type === 'rating' && surveyShowsReasons(answers[question.id])) {
      for (const reason of surveySortQuestions(question.questionReasons ?? [])) check(reason);
    }
  }
  return errors;
}

/** Answering a priority question submits the survey. */
export function surveyAutoSubmits(
  question: Pick<SurveyQuestion, 'priority'>,
  answer: SurveyAnswer | null,
): boolean {
  return question.priority === true && isAnswered(answer);
}

/** Whether a submit is allowed now (1.5 s after the last one). */
export function surveyCanSubmit(lastSubmitAt: number | null | undefined, now: number | Date): boolean {
  return lastSubmitAt === null || lastSubmitAt === undefined || +now - lastSubmitAt >= SURVEY_SUBMIT_LOCK_MS;
}

/** An answer object of the submit call (follow-up §3 "Survey answer"). */
export interface SurveyAnswerPayload {
  questionTitle: string;
  answer: string;
  orderingCustomerId: string | null;
  surveyId: string;
  questionId: string;
  mandatory: boolean;
  dinerOrderId: string;
  questionType: SurveyQuestionType;
  priority: boolean;
  /** The reasons chosen for a low rating, joined by ', '; null otherwise. */
  reason: string | null;
}

/** The `answers` of the submit call: one per answered top-level question, reasons folded into their rating. */
export function surveyBuildAnswers(
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
  ids: { surveyId: string; dinerOrderId: string; orderingCustomerId?: string | null },
): SurveyAnswerPayload[] {
  const text = (answer: SurveyAnswer) => (typeof answer === 'object' ? answer.join(', ') : String(answer));
  return surveySortQuestions(questions).flatMap((question) => {
    const answer = answers[question.id];
    if (answer === null || answer === undefined || !isAnswered(answer)) return [];
    const reasons = surveyShowsReasons(answer)
      ? (question.questionReasons ?? [])
          .map((reason) => answers[reason.id])
          .filter(
            (reason): reason is SurveyAnswer => reason !== null && reason !== undefined && isAnswered(reason),
          )
          .map(text)
      : [];
    return [
      {
        questionTitle: question.title,
        answer: text(answer),
        orderingCustomerId: ids.orderingCustomerId ?? null,
        surveyId: ids.surveyId,
        questionId: question.id,
        mandatory: question.mandatory === true,
        dinerOrderId: ids.dinerOrderId,
        questionType: question.type,
        priority: question.priority === true,
        reason: reasons.length > 0 ? reasons.join(', ') : null,
      },
    ];
  });
}
