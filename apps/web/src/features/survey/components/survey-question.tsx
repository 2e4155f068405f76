import {
  SURVEY_RATING_MAX,
  SURVEY_TEXT_MAX_LENGTH,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyQuestion,
  surveyShowsReasons,
  surveySortQuestions,
  surveyTextState,
} from '@comanda/domain/survey';
import { useId } from 'react';

const RATINGS = Array.from({ length: SURVEY_RATING_MAX }, (_, index) => index + 1);

interface QuestionProps {
  question: SurveyQuestion;
  answers: SurveyAnswers;
  errors: Readonly<Record<string, string>>;
  onAnswer: (question: SurveyQuestion, answer: SurveyAnswer | null) => void;
}

/** The question's title, its sub-title, and whether it must be answered. */
function QuestionLegend({ question }: { question: SurveyQuestion }) {
  return (
    <legend className="survey-question__legend">
      <span className="survey-question__title">{question.title}</span>
      {question.mandatory ? <span className="survey-question__mandatory"> (obligatoria)</span> : null}
      {question.subTitle ? (
        <span className="survey-question__subtitle muted">{question.subTitle}</span>
      ) : null}
    </legend>
  );
}

function QuestionError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * A rating 1–5 as a native radio group drawn as stars (arrow keys move, each
 * star a 48 px target). Tapping the chosen star again empties the rating, which
 * hides and clears its reasons (follow-up §4.8 "a rating of 5 or an empty
 * rating clears any follow-up reason answers").
 */
function RatingField({ question, answers, errors, onAnswer }: QuestionProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const value = answers[question.id];
  const chosen = typeof value === 'number' ? value : null;
  const error = errors[String(question.id)];
  return (
    <fieldset
      className="survey-question survey-rating"
      data-question-id={question.id}
      aria-describedby={error ? errorId : undefined}
    >
      <QuestionLegend question={question} />
      <div className="survey-rating__stars">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className="survey-rating__star"
            data-filled={chosen !== null && rating <= chosen}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={chosen === rating}
              aria-invalid={error ? true : undefined}
              onChange={() => onAnswer(question, rating)}
              onClick={() => {
                if (chosen === rating) onAnswer(question, null);
              }}
            />
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
              <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" />
            </svg>
            <span className="survey-rating__number">{rating}</span>
            <span className="visually-hidden"> de {SURVEY_RATING_MAX}</span>
          </label>
        ))}
      </div>
      <QuestionError id={errorId} message={error} />
    </fieldset>
  );
}

/** A text answer with its counter; past 180 characters the box turns red (follow-up §2.3, §5). */
function TextField({ question, answers, errors, onAnswer }: QuestionProps) {
  const id = useId();
  const value = answers[question.id];
  const text = typeof value === 'string' ? value : '';
  const { counter, overLimit } = surveyTextState(text);
  const error = errors[String(question.id)];
  return (
    <fieldset className="survey-question survey-text" data-question-id={question.id}>
      <QuestionLegend question={question} />
      <textarea
        id={id}
        className={`survey-text__input${overLimit ? ' survey-text__input--over' : ''}`}
        rows={3}
        value={text}
        aria-label={question.title}
        aria-invalid={overLimit || error ? true : undefined}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onAnswer(question, event.target.value === '' ? null : event.target.value)}
      />
      <p
        id={`${id}-counter`}
        className={`survey-text__counter${overLimit ? ' survey-text__counter--over' : ''}`}
        data-testid="survey-text-counter"
      >
        {counter}
        {overLimit ? ` · Máximo ${SURVEY_TEXT_MAX_LENGTH} caracteres` : ''}
      </p>
      <QuestionError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** Options as checkboxes drawn as chips (a reason question is one of these). */
function MultiselectField({ question, answers, errors, onAnswer }: QuestionProps) {
  const id = useId();
  const value = answers[question.id];
  const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
  const error = errors[String(question.id)];
  const toggle = (option: string) => {
    const next = chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option];
    onAnswer(question, next.length > 0 ? next : null);
  };
  return (
    <fieldset
      className="survey-question survey-options"
      data-question-id={question.id}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <QuestionLegend question={question} />
      <div className="survey-options__list">
        {(question.options ?? []).map((option) => (
          <label key={option} className="survey-options__option">
            <input type="checkbox" checked={chosen.includes(option)} onChange={() => toggle(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
      <QuestionError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One top-level question, and — under a rating below 5 — its reason questions. */
export function SurveyQuestionField(props: QuestionProps) {
  const { question, answers } = props;
  const reasons = surveySortQuestions(question.questionReasons ?? []);
  const field =
    question.type === 'rating' ? (
      <RatingField {...props} />
    ) : question.type === 'text' ? (
      <TextField {...props} />
    ) : (
      <MultiselectField {...props} />
    );
  return (
    <div className="survey-page__item">
      {field}
      {question.type === 'rating' && reasons.length > 0 && surveyShowsReasons(answers[question.id]) ? (
        <div className="survey-reasons" data-testid="survey-reasons">
          {reasons.map((reason) => (
            <SurveyQuestionField key={reason.id} {...props} question={reason} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
