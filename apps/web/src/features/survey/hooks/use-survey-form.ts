import {
  SURVEY_SUBMIT_LOCK_MS,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyQuestion,
  surveyAutoSubmits,
  surveyBuildAnswers,
  surveyCanSubmit,
  surveyErrorText,
  surveyInitialAnswers,
  surveySetAnswer,
  surveyShowsReasons,
  surveySortQuestions,
  surveyValidate,
} from '@comanda/domain/survey';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { type Survey, surveySubmit } from '../api/survey';

/** (ours) A submission that never reached the server. */
export const SURVEY_SEND_FAILED = 'No pudimos enviar la encuesta. Revisa tu conexión e inténtalo nuevamente.';

/** How a submission ended for the page: thanked, or refused by the server for good (409). */
export type SurveyOutcome = { kind: 'sent'; rating: number | null } | { kind: 'refused'; message: string };

/**
 * Whether answering `question` with `answer` sends the survey now. A priority
 * question submits on its own (follow-up §2.3) — except (ours) a low rating
 * that reveals reason questions: sending it at once would leave the reasons
 * the spec asks for (§4.8) impossible to give, so it waits for 'Enviar'.
 */
export function surveySubmitsOnAnswer(question: SurveyQuestion, answer: SurveyAnswer | null): boolean {
  if (!surveyAutoSubmits(question, answer)) return false;
  const revealsReasons =
    question.type === 'rating' && surveyShowsReasons(answer) && (question.questionReasons ?? []).length > 0;
  return !revealsReasons;
}

/**
 * The survey's answers and their submission: the domain's rules (reasons shown
 * under 5 and cleared by 5 or none, mandatory questions, the 180-character
 * text), a 1.5 s lock after every press (§4.8), a priority question's
 * auto-submit, and the server's per-question messages (`questions.{id}`).
 */
export function useSurveyForm(input: {
  orderCode: string;
  survey: Survey;
  /** `?surveyGeneralNPSAnswer=`: pre-fills the first rating (follow-up §2.3); never sends on its own. */
  prefill: string | null;
  onOutcome: (outcome: SurveyOutcome) => void;
}) {
  const { orderCode, survey, onOutcome } = input;
  const questions = useMemo(() => surveySortQuestions(survey.questions), [survey]);
  const [answers, setAnswers] = useState<SurveyAnswers>(() => surveyInitialAnswers(questions, input.prefill));
  /** Messages by question id, shown under the question. */
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [locked, setLocked] = useState(false);
  const [sending, setSending] = useState(false);
  const lastPressAt = useRef<number | null>(null);
  const inFlight = useRef(false);
  const unlockTimer = useRef<number | undefined>(undefined);
  const toast = useToast();
  useEffect(() => () => window.clearTimeout(unlockTimer.current), []);

  const submit = async (current: SurveyAnswers) => {
    const now = Date.now();
    if (inFlight.current || !surveyCanSubmit(lastPressAt.current, now)) return;
    lastPressAt.current = now;
    setLocked(true);
    window.clearTimeout(unlockTimer.current);
    unlockTimer.current = window.setTimeout(() => setLocked(false), SURVEY_SUBMIT_LOCK_MS);

    const problems = surveyValidate(questions, current);
    setErrors(
      Object.fromEntries(problems.map((problem) => [String(problem.questionId), surveyErrorText(problem)])),
    );
    const [first] = problems;
    if (first) {
      toast(surveyErrorText(first), 'error');
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const sent = await surveySubmit(
        orderCode,
        // The order is the path's: its id is not sent (see SurveyAnswerSent).
        surveyBuildAnswers(questions, current, { surveyId: survey.id, dinerOrderId: '' }).map(
          ({ dinerOrderId: _omitted, ...answer }) => answer,
        ),
      );
      onOutcome({ kind: 'sent', rating: sent.generalNPSAnswer });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onOutcome({ kind: 'refused', message: error.message });
      } else if (error instanceof ApiError && error.status === 400) {
        const byQuestion = Object.entries(error.fields)
          .filter(([field]) => field.startsWith('questions.'))
          .map(([field, message]) => [field.slice('questions.'.length), message] as const);
        setErrors(Object.fromEntries(byQuestion));
        toast(byQuestion[0]?.[1] ?? Object.values(error.fields)[0] ?? error.message, 'error');
      } else {
        toast(SURVEY_SEND_FAILED, 'error');
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const answer = (question: SurveyQuestion, value: SurveyAnswer | null) => {
    const next = surveySetAnswer(questions, answers, question.id, value);
    setAnswers(next);
    // An answered question's message goes; so do those of reasons a 5 (or none) just hid.
    setErrors((current) => {
      const hidden = new Set((question.questionReasons ?? []).map((reason) => String(reason.id)));
      return Object.fromEntries(
        Object.entries(current).filter(
          ([id]) => id !== String(question.id) && !(hidden.has(id) && !surveyShowsReasons(value)),
        ),
      );
    });
    if (surveySubmitsOnAnswer(question, value)) void submit(next);
  };

  return {
    questions,
    answers,
    errors,
    /** The submit button waits: 1.5 s after a press, or while the answers travel. */
    locked: locked || sending,
    sending,
    answer,
    submit: () => void submit(answers),
  };
}
