/**
 * The order survey's rows (follow-up §3; ADR 031): a branch's survey and its
 * questions, an order's response, and the answers written with it. Every read
 * after the entry point (a location, an order code) is scoped by its company.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { surveyAnswers, surveyQuestions, surveyResponses, surveys } from '../db/schema/platform';
import { branchContacts } from '../db/schema/tenant';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyQuestionRow = typeof surveyQuestions.$inferSelect;
export type SurveyResponseRow = typeof surveyResponses.$inferSelect;
export type SurveyResponseInsert = typeof surveyResponses.$inferInsert;
export type SurveyAnswerInsert = typeof surveyAnswers.$inferInsert;

/** The survey of a live location's branch, with the location's company; undefined when there is none. */
export async function surveyOfBranchContact(
  db: Queryable,
  branchContactId: number,
): Promise<{ survey: SurveyRow; alias: string } | undefined> {
  const [row] = await db
    .select({ survey: surveys, alias: branchContacts.alias })
    .from(branchContacts)
    .innerJoin(
      surveys,
      and(eq(surveys.branchId, branchContacts.branchId), eq(surveys.companyId, branchContacts.companyId)),
    )
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  return row;
}

/** The survey of a branch of a company. */
export async function surveyOfBranch(
  db: Queryable,
  companyId: number,
  branchId: number,
): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), eq(surveys.branchId, branchId)))
    .limit(1);
  return row;
}

/** Every question of a survey (reason questions too), by `questionOrder`. */
export async function surveyQuestionsOf(db: Queryable, survey: SurveyRow): Promise<SurveyQuestionRow[]> {
  return db
    .select()
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.surveyId, survey.id), eq(surveyQuestions.companyId, survey.companyId)))
    .orderBy(asc(surveyQuestions.questionOrder), asc(surveyQuestions.id));
}

/** The response to an order's survey, if any. */
export async function surveyResponseOfOrder(
  db: Queryable,
  companyId: number,
  orderId: number,
): Promise<SurveyResponseRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.companyId, companyId), eq(surveyResponses.orderId, orderId)))
    .limit(1);
  return row;
}

/**
 * Records an order's response and its answers (inside the caller's
 * transaction). Answers undefined when the order already has one: the unique
 * order refuses the second, whichever of two concurrent submissions it is.
 */
export async function surveyResponseInsert(
  tx: Queryable,
  response: SurveyResponseInsert,
  answers: Omit<SurveyAnswerInsert, 'companyId' | 'surveyId' | 'orderId' | 'customerId'>[],
): Promise<SurveyResponseRow | undefined> {
  const [row] = await tx
    .insert(surveyResponses)
    .values(response)
    .onConflictDoNothing({ target: surveyResponses.orderId })
    .returning();
  if (!row) return undefined;
  if (answers.length > 0)
    await tx.insert(surveyAnswers).values(
      answers.map((answer) => ({
        ...answer,
        companyId: row.companyId,
        surveyId: row.surveyId,
        orderId: row.orderId,
        customerId: row.customerId,
        createdAt: row.createdAt,
      })),
    );
  return row;
}
