/**
 * TypeBox schemas of the order survey (follow-up §3 "Survey", "Survey answer",
 * §7; ordering §3 "Survey summary"; ADR 031) and of the console's NPS figures.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './diner';

const QuestionType = Type.Union([Type.Literal('rating'), Type.Literal('text'), Type.Literal('multiselect')]);

const questionFields = {
  id: Type.Integer(),
  title: Type.String(),
  subTitle: Nullable(Type.String()),
  type: QuestionType,
  questionOrder: Type.Integer(),
  mandatory: Type.Boolean(),
  priority: Type.Boolean({ description: 'Answering it submits the survey (follow-up §2.3)' }),
  options: Type.Array(Type.String(), { description: 'The choices of a multiselect question; [] otherwise' }),
};

export const SurveyReasonQuestionSchema = Type.Object(questionFields);

export const SurveyQuestionSchema = Type.Object({
  ...questionFields,
  questionReasons: Type.Array(SurveyReasonQuestionSchema, {
    description: 'Asked when this rating is under 5 (follow-up §4.8)',
  }),
});

export const SurveySchema = Type.Object({
  id: Type.Integer(),
  active: Type.Boolean({ description: 'An inactive survey is shown but takes no answers' }),
  branchContactId: Type.Integer(),
  questions: Type.Array(SurveyQuestionSchema, { description: 'By questionOrder' }),
});
export type SurveyView = Static<typeof SurveySchema>;

export const OrderCodeParam = Type.String({ minLength: 1, maxLength: 40 });

export const SurveySummarySchema = Type.Object({
  orderHasResponse: Type.Boolean(),
  generalNPSAnswer: Nullable(Type.Integer({ description: 'The general rating 1–5 given, if any' })),
  delivered: Type.Boolean({ description: 'Only a delivered order can be rated (ours)' }),
  branchContactId: Type.Integer({
    description: 'Whose survey to ask for: GET /api/survey/{branchContactId}',
  }),
});
export type SurveySummaryView = Static<typeof SurveySummarySchema>;

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });

/** One answer object (follow-up §3 "Survey answer"). Only questionId, answer and reason are read. */
export const SurveyAnswerBodySchema = Type.Object(
  {
    questionTitle: Type.Optional(
      Type.String({ maxLength: 500, description: 'Ignored: the server’s title is kept' }),
    ),
    answer: Type.String({
      maxLength: 2000,
      description: 'A rating 1–5 as text, the text (≤ 180 characters), or the chosen options joined by ", "',
    }),
    orderingCustomerId: Type.Optional(Nullable(Id('Ignored: the order’s customer is kept'))),
    surveyId: Type.Optional(Id('When given, the location’s survey')),
    questionId: Id('A top-level question of the survey'),
    mandatory: Type.Optional(Type.Boolean({ description: 'Ignored: the question’s own' })),
    dinerOrderId: Type.Optional(Id('When given, the id of the order of the path')),
    questionType: Type.Optional(QuestionType),
    priority: Type.Optional(Type.Boolean({ description: 'Ignored: the question’s own' })),
    reason: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 2000,
          description: 'The reasons chosen for a rating under 5, joined by ", "; only with such a rating',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type SurveyAnswerBody = Static<typeof SurveyAnswerBodySchema>;

export const SurveySubmitBodySchema = Type.Object(
  { answers: Type.Array(SurveyAnswerBodySchema, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
export type SurveySubmitBody = Static<typeof SurveySubmitBodySchema>;

export const SurveySubmittedSchema = Type.Object({
  orderHasResponse: Type.Literal(true),
  generalNPSAnswer: Nullable(Type.Integer()),
});

/** The console's NPS figures of one location over the period asked for. */
export const SurveyFiguresLocationSchema = Type.Object({
  branchContactId: Type.Integer(),
  name: Type.String(),
  inviteDelayMinutes: Type.Integer({ description: 'Minutes after delivery before the invitation' }),
  nps: Nullable(Type.Integer({ description: '% promoters (5) − % detractors (1–3), −100…100' })),
  count: Type.Integer({ description: 'General ratings given in the period' }),
  average: Nullable(Type.Number({ description: 'Mean rating, one decimal' })),
  promoters: Type.Integer(),
  passives: Type.Integer(),
  detractors: Type.Integer(),
  distribution: Type.Array(Type.Object({ rating: Type.Integer(), count: Type.Integer() }), {
    description: 'Ratings 1 to 5, each with how many times it was given',
  }),
  reasons: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() }), {
    description: 'Reasons chosen for a rating under 5, most chosen first',
  }),
  comments: Type.Array(
    Type.Object({
      orderId: Type.Integer(),
      orderCode: Type.String(),
      questionTitle: Type.String(),
      text: Type.String(),
      rating: Nullable(Type.Integer()),
      answeredAt: Type.String({ format: 'date-time' }),
    }),
    { description: 'The latest comments, newest first' },
  ),
});
export type SurveyFiguresLocationView = Static<typeof SurveyFiguresLocationSchema>;

export const SurveyFiguresSchema = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  locations: Type.Array(SurveyFiguresLocationSchema),
});
export type SurveyFiguresView = Static<typeof SurveyFiguresSchema>;
