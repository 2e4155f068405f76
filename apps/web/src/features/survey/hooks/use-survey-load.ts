import { surveyMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type Survey, type SurveySummary, surveyGet, surveySummaryGet } from '../api/survey';

/** What the survey page can show for an order code. */
export type SurveyLoad =
  | { status: 'loading' }
  /** The code, or the location's survey, does not exist: the server's message. */
  | { status: 'missing'; message: string }
  /** Not rateable now (not delivered, already answered, survey off): the reason. */
  | { status: 'closed'; reason: 'NOT_DELIVERED' | 'ANSWERED' | 'INACTIVE'; summary: SurveySummary }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; summary: SurveySummary; survey: Survey };

type Loaded = Exclude<SurveyLoad, { status: 'loading' } | { status: 'error' }>;

async function surveyLoad(orderCode: string): Promise<Loaded> {
  try {
    const summary = await surveySummaryGet(orderCode);
    // Answered first: a rated order says so even if the venue switched its survey off since.
    if (summary.orderHasResponse) return { status: 'closed', reason: 'ANSWERED', summary };
    if (!summary.delivered) return { status: 'closed', reason: 'NOT_DELIVERED', summary };
    const survey = await surveyGet(summary.branchContactId);
    if (!survey.active) return { status: 'closed', reason: 'INACTIVE', summary };
    return { status: 'ready', summary, survey };
  } catch (error) {
    // 404 (unknown order, a location without a survey) and 400 (a malformed code) carry the server's words.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { status: 'missing', message: error.message || surveyMessages.notFound };
    throw error;
  }
}

/**
 * The order's survey summary, then its location's survey (follow-up §7's two
 * reads), read on every visit: a survey answered elsewhere must not show its
 * form from a cache. Its own effect rather than lib/use-resource's
 * `useResource`: that module sits in the menu's first-paint chunk, where an
 * export nobody else uses is left out — using it here would add it to the
 * menu's first load (ADR 004 budget).
 */
export function useSurveyLoad(orderCode: string): SurveyLoad {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<SurveyLoad>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the read.
  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    surveyLoad(orderCode).then(
      (loaded) => current && setLoad(loaded),
      () => current && setLoad({ status: 'error', retry: () => setAttempt((value) => value + 1) }),
    );
    return () => {
      current = false;
    };
  }, [orderCode, attempt]);
  return load;
}
