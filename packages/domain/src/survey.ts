/**
 * The order survey (follow-up §2.3, §3, §4.8, §5, §9): question order, the
 * follow-up reasons of a low rating, text limits, mandatory questions, the
 * priority question's auto-submit, the submit lock, and the answers payload.
 */
import { surveyMessages } from './messages';

/** Question types. */
export type SurveyQuestionType = 'rating' | 'text' | 'multiselect';

/** A question's, survey's or order's id: the API's integers, or any stable string. */
export type SurveyId = string | number;

/** A survey question; a rating question may carry follow-up reason questions. */
export interface SurveyQuestion {
  id: SurveyId;
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
  questionId: SurveyId,
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
  const first = surveyGeneralQuestion(questions);
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
  questionId: SurveyId;
  kind: 'MANDATORY' | 'TOO_LONG' | 'INVALID_RATING' | 'UNKNOWN_OPTION' | 'REASON_NOT_ALLOWED';
  /** 'La pregunta {title} es obligatoria' for a mandatory question; null when the field itself shows the problem. */
  message: string | null;
}

/**
 * Every problem, in question order; reason questions count only while shown,
 * and an answer to a hidden one (a rating of 5 or none) is refused.
 */
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
    } else if (
      question.type === 'multiselect' &&
      Array.isArray(answer) &&
      answer.some((option) => !(question.options ?? []).includes(option))
    ) {
      errors.push({
        questionId: question.id,
        kind: 'UNKNOWN_OPTION',
        message: surveyMessages.unknownOption(question.title),
      });
    }
  };
  for (const question of surveySortQuestions(questions)) {
    check(question);
    const shown = question.type === 'rating' && surveyShowsReasons(answers[question.id]);
    for (const reason of surveySortQuestions(question.questionReasons ?? [])) {
      if (shown) check(reason);
      else if (isAnswered(answers[reason.id]))
        errors.push({
          questionId: reason.id,
          kind: 'REASON_NOT_ALLOWED',
          message: surveyMessages.reasonNotAllowed(SURVEY_RATING_MAX),
        });
    }
  }
  return errors;
}

/** The text of an error for a field the page does not draw (the API's per-field message). */
export function surveyErrorText(error: SurveyError): string {
  if (error.message !== null) return error.message;
  return error.kind === 'TOO_LONG'
    ? surveyMessages.tooLong(SURVEY_TEXT_MAX_LENGTH)
    : surveyMessages.invalidRating(SURVEY_RATING_MAX);
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
  orderingCustomerId: SurveyId | null;
  surveyId: SurveyId;
  questionId: SurveyId;
  mandatory: boolean;
  dinerOrderId: SurveyId;
  questionType: SurveyQuestionType;
  priority: boolean;
  /** The reasons chosen for a low rating, joined by ', '; null otherwise. */
  reason: string | null;
}

/** The `answers` of the submit call: one per answered top-level question, reasons folded into their rating. */
export function surveyBuildAnswers(
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
  ids: { surveyId: SurveyId; dinerOrderId: SurveyId; orderingCustomerId?: SurveyId | null },
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

/**
 * The options a multiselect answer's text names, as `surveyBuildAnswers` joins
 * them (', '); an option may itself contain ', '. Null when the text is not
 * made of the options only.
 */
export function surveySplitOptions(text: string, options: readonly string[]): string[] | null {
  const byLength = [...new Set(options)]
    .filter((option) => option !== '')
    .sort((a, b) => b.length - a.length);
  const from = (start: number): string[] | null => {
    for (const option of byLength) {
      if (!text.startsWith(option, start)) continue;
      const end = start + option.length;
      if (end === text.length) return [option];
      if (!text.startsWith(', ', end)) continue;
      const rest = from(end + 2);
      if (rest) return [option, ...rest];
    }
    return null;
  };
  const found = text === '' ? null : from(0);
  return found ? [...new Set(found)] : null;
}

/** One answer object as a client sends it (follow-up §3 "Survey answer"); the rest is the server's. */
export type SurveyAnswerSent = Pick<SurveyAnswerPayload, 'questionId' | 'answer'> & {
  reason?: string | null | undefined;
};

/** A problem with an answer object itself, by its index in the list. */
export interface SurveySentError {
  index: number;
  field: 'questionId' | 'answer' | 'reason';
  message: string;
}

/**
 * Reads the submitted answer objects back into answers by question id — the
 * inverse of `surveyBuildAnswers`: a rating's text as its number, a multiselect
 * text as its options, a rating's `reason` as the options of its (multiselect)
 * reason questions. Problems the rules of `surveyValidate` do not cover are
 * returned per answer object: an unknown or repeated question, options that are
 * not the question's.
 */
export function surveyReadAnswers(
  questions: readonly SurveyQuestion[],
  sent: readonly SurveyAnswerSent[],
): { answers: SurveyAnswers; errors: SurveySentError[] } {
  const answers: Record<string, SurveyAnswer> = {};
  const errors: SurveySentError[] = [];
  const seen = new Set<string>();
  sent.forEach((entry, index) => {
    const question = questions.find((candidate) => String(candidate.id) === String(entry.questionId));
    if (!question) {
      errors.push({ index, field: 'questionId', message: surveyMessages.unknownQuestion });
      return;
    }
    if (seen.has(String(question.id))) {
      errors.push({ index, field: 'questionId', message: surveyMessages.repeatedQuestion });
      return;
    }
    seen.add(String(question.id));
    const text = entry.answer;
    if (question.type === 'rating') {
      const rating = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
      if (Number.isNaN(rating)) {
        if (text.trim() !== '')
          errors.push({ index, field: 'answer', message: surveyMessages.invalidRating(SURVEY_RATING_MAX) });
      } else answers[question.id] = rating;
    } else if (question.type === 'multiselect') {
      if (text.trim() !== '') {
        const options = surveySplitOptions(text, question.options ?? []);
        if (options) answers[question.id] = options;
        else errors.push({ index, field: 'answer', message: surveyMessages.unknownOption(question.title) });
      }
    } else answers[question.id] = text;

    const reasonText = entry.reason ?? '';
    if (reasonText.trim() === '') return;
    const reasons = surveySortQuestions(question.questionReasons ?? []);
    if (question.type !== 'rating' || !surveyShowsReasons(answers[question.id])) {
      errors.push({ index, field: 'reason', message: surveyMessages.reasonNotAllowed(SURVEY_RATING_MAX) });
      return;
    }
    const chosen = surveySplitOptions(
      reasonText,
      reasons.flatMap((reason) => (reason.type === 'multiselect' ? (reason.options ?? []) : [])),
    );
    if (!chosen) {
      errors.push({
        index,
        field: 'reason',
        message: surveyMessages.unknownOption(reasons[0]?.title ?? question.title),
      });
      return;
    }
    for (const option of chosen) {
      const owner = reasons.find(
        (reason) => reason.type === 'multiselect' && reason.options?.includes(option),
      );
      if (!owner) continue;
      const before = answers[owner.id];
      answers[owner.id] = [...(Array.isArray(before) ? before : []), option];
    }
  });
  return { answers, errors };
}

/** The general question: the first top-level rating question (the one `surveyGeneralNPSAnswer` pre-fills). */
export function surveyGeneralQuestion<Q extends Pick<SurveyQuestion, 'type' | 'questionOrder'>>(
  questions: readonly Q[],
): Q | undefined {
  return surveySortQuestions(questions).find((question) => question.type === 'rating');
}
