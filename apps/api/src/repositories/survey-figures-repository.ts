/**
 * The survey's figures per location (ADR 031): how often each general rating
 * was given, the reasons chosen and the latest comments, over a period. The
 * console's NPS and the storefront's `npsAvg` both read them.
 */

import type { SurveyRatingDistribution } from '@comanda/domain/survey-nps';
import { and, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders } from '../db/schema/orders';
import { surveyAnswers, surveyResponses } from '../db/schema/platform';

/** A period [from, to], both ends included; either end open when absent. */
export interface SurveyPeriod {
  from?: Date | undefined;
  to?: Date | undefined;
}

function scope(companyId: number, branchContactIds: number[], period: SurveyPeriod): SQL | undefined {
  return and(
    eq(surveyResponses.companyId, companyId),
    inArray(surveyResponses.branchContactId, branchContactIds),
    period.from ? gte(surveyResponses.createdAt, period.from) : undefined,
    period.to ? lte(surveyResponses.createdAt, period.to) : undefined,
  );
}

/** Per location, how many times each general rating 1…5 was given; locations without ratings are absent. */
export async function surveyRatingDistributions(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
  period: SurveyPeriod = {},
): Promise<Map<number, SurveyRatingDistribution>> {
  const found = new Map<number, [number, number, number, number, number]>();
  if (branchContactIds.length === 0) return found;
  const rows = await db
    .select({
      branchContactId: surveyResponses.branchContactId,
      rating: surveyResponses.rating,
      times: count(),
    })
    .from(surveyResponses)
    .where(and(scope(companyId, branchContactIds, period), isNotNull(surveyResponses.rating)))
    .groupBy(surveyResponses.branchContactId, surveyResponses.rating);
  for (const row of rows) {
    if (row.rating === null || row.rating < 1 || row.rating > 5) continue;
    const counts = found.get(row.branchContactId) ?? [0, 0, 0, 0, 0];
    counts[row.rating - 1] = Number(row.times);
    found.set(row.branchContactId, counts);
  }
  return found;
}

/** Per location, each reason chosen with how many responses chose it, most chosen first. */
export async function surveyReasonCounts(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
  period: SurveyPeriod,
): Promise<Map<number, { reason: string; count: number }[]>> {
  const found = new Map<number, { reason: string; count: number }[]>();
  if (branchContactIds.length === 0) return found;
  const reason = sql<string>`reason.value`;
  const rows = await db
    .select({ branchContactId: surveyResponses.branchContactId, reason, times: count() })
    .from(surveyResponses)
    .innerJoin(sql`jsonb_array_elements_text(${surveyResponses.reasons}) as reason(value)`, sql`true`)
    .where(scope(companyId, branchContactIds, period))
    .groupBy(surveyResponses.branchContactId, reason)
    .orderBy(desc(count()), reason);
  for (const row of rows) {
    const list = found.get(row.branchContactId) ?? [];
    list.push({ reason: row.reason, count: Number(row.times) });
    found.set(row.branchContactId, list);
  }
  return found;
}

/** A comment: a non-empty answer to a text question, with its order. */
export interface SurveyComment {
  branchContactId: number;
  orderId: number;
  orderCode: string;
  questionTitle: string;
  text: string;
  rating: number | null;
  createdAt: Date;
}

/** Per location, its latest `limit` comments, newest first. */
export async function surveyLatestComments(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
  period: SurveyPeriod,
  limit: number,
): Promise<Map<number, SurveyComment[]>> {
  const found = new Map<number, SurveyComment[]>();
  for (const branchContactId of branchContactIds) {
    const rows = await db
      .select({
        branchContactId: surveyResponses.branchContactId,
        orderId: orders.id,
        orderCode: orders.code,
        questionTitle: surveyAnswers.questionTitle,
        text: sql<string>`${surveyAnswers.answer}`,
        rating: surveyResponses.rating,
        createdAt: surveyResponses.createdAt,
      })
      .from(surveyResponses)
      .innerJoin(
        surveyAnswers,
        and(
          eq(surveyAnswers.orderId, surveyResponses.orderId),
          eq(surveyAnswers.companyId, surveyResponses.companyId),
        ),
      )
      .innerJoin(
        orders,
        and(eq(orders.id, surveyResponses.orderId), eq(orders.companyId, surveyResponses.companyId)),
      )
      .where(
        and(
          scope(companyId, [branchContactId], period),
          eq(surveyAnswers.questionType, 'text'),
          sql`trim(coalesce(${surveyAnswers.answer}, '')) <> ''`,
        ),
      )
      .orderBy(desc(surveyResponses.createdAt), desc(surveyAnswers.id))
      .limit(limit);
    found.set(branchContactId, rows);
  }
  return found;
}
