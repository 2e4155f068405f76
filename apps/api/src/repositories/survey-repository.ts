/**
 * Survey figures shown on the storefront: the average of the general rating
 * question per branch contact (`deliveryConfig.npsAvg`).
 */
import { and, asc, avg, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders } from '../db/schema/orders';
import { surveyAnswers, surveyQuestions, surveys } from '../db/schema/platform';

/**
 * Average answer (1…5) to the branch survey's general question — its first
 * top-level rating question — per branch contact. Contacts without answers are
 * absent from the map.
 */
export async function surveyRatingAverages(
  db: Queryable,
  companyId: number,
  branchId: number,
  branchContactIds: number[],
): Promise<Map<number, number>> {
  const averages = new Map<number, number>();
  if (branchContactIds.length === 0) return averages;
  const [general] = await db
    .select({ id: surveyQuestions.id })
    .from(surveyQuestions)
    .innerJoin(surveys, eq(surveys.id, surveyQuestions.surveyId))
    .where(
      and(
        eq(surveys.companyId, companyId),
        eq(surveys.branchId, branchId),
        eq(surveyQuestions.type, 'rating'),
        isNull(surveyQuestions.parentQuestionId),
      ),
    )
    .orderBy(asc(surveyQuestions.questionOrder), asc(surveyQuestions.id))
    .limit(1);
  if (!general) return averages;

  const rows = await db
    .select({
      branchContactId: orders.branchContactId,
      average: avg(sql`cast(${surveyAnswers.answer} as integer)`),
    })
    .from(surveyAnswers)
    .innerJoin(
      orders,
      and(eq(orders.id, surveyAnswers.orderId), eq(orders.companyId, surveyAnswers.companyId)),
    )
    .where(
      and(
        eq(surveyAnswers.companyId, companyId),
        eq(surveyAnswers.questionId, general.id),
        inArray(orders.branchContactId, branchContactIds),
        // Only well-formed ratings; a stray text answer must not break the cast.
        sql`${surveyAnswers.answer} ~ '^[1-5]$'`,
      ),
    )
    .groupBy(orders.branchContactId);
  for (const row of rows) {
    if (row.average !== null) averages.set(row.branchContactId, Number(row.average));
  }
  return averages;
}
