/**
 * NPS of the order survey's general rating (follow-up §9: ratings 1 to 5;
 * ordering §9: the location's `npsAvg` is shown with one decimal once a
 * threshold is reached). ADR 031 maps the 1–5 scale onto NPS's groups: 5 is a
 * promoter, 4 passive, 1–3 detractors (the 0–10 scale's 9–10, 7–8 and 0–6,
 * with 1–5 spread evenly over 0–10; and the spec itself treats only 5 as
 * needing no follow-up).
 */
import { SURVEY_RATING_MAX } from './survey';

/** (decision, ADR 031) The lowest rating that counts as a promoter, and as a passive. */
export const SURVEY_NPS_PROMOTER_MIN = 5;
export const SURVEY_NPS_PASSIVE_MIN = 4;
/** (decision, ADR 031) The threshold of ordering §9: `npsAvg` is given from this many ratings on. */
export const SURVEY_NPS_AVG_MIN_RATINGS = 5;

export type SurveyNpsGroup = 'PROMOTER' | 'PASSIVE' | 'DETRACTOR';

/** Ratings 1…5 by count: index 0 holds the 1s. */
export type SurveyRatingDistribution = readonly [number, number, number, number, number];

/** The figures of a set of ratings. */
export interface SurveyNpsFigures {
  count: number;
  /** Ratings 1…5 by count. */
  distribution: SurveyRatingDistribution;
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters − % detractors, rounded to a whole number, −100…100; null without ratings. */
  nps: number | null;
  /** The mean rating with one decimal; null without ratings. */
  average: number | null;
}

/** The NPS group of a rating 1–5. */
export function surveyNpsGroup(rating: number): SurveyNpsGroup {
  if (!Number.isInteger(rating) || rating < 1 || rating > SURVEY_RATING_MAX)
    throw new RangeError(`not a rating: ${rating}`);
  if (rating >= SURVEY_NPS_PROMOTER_MIN) return 'PROMOTER';
  return rating >= SURVEY_NPS_PASSIVE_MIN ? 'PASSIVE' : 'DETRACTOR';
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** NPS, count, average and groups from how many times each rating 1…5 was given. */
export function surveyNpsFigures(distribution: SurveyRatingDistribution): SurveyNpsFigures {
  const figures = { count: 0, distribution, promoters: 0, passives: 0, detractors: 0, sum: 0 };
  distribution.forEach((times, index) => {
    if (!Number.isInteger(times) || times < 0) throw new RangeError(`not a count: ${times}`);
    const group = surveyNpsGroup(index + 1);
    figures.count += times;
    figures.sum += times * (index + 1);
    if (group === 'PROMOTER') figures.promoters += times;
    else if (group === 'PASSIVE') figures.passives += times;
    else figures.detractors += times;
  });
  const { sum, ...rest } = figures;
  const none = figures.count === 0;
  return {
    ...rest,
    nps: none ? null : Math.round(((figures.promoters - figures.detractors) / figures.count) * 100),
    average: none ? null : round1(sum / figures.count),
  };
}

/** The distribution of a list of ratings (anything not a rating 1–5 is left out). */
export function surveyRatingDistribution(ratings: readonly number[]): SurveyRatingDistribution {
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const rating of ratings)
    if (Number.isInteger(rating) && rating >= 1 && rating <= SURVEY_RATING_MAX)
      counts[rating - 1] = (counts[rating - 1] ?? 0) + 1;
  return counts;
}

/** The location's `npsAvg` (ordering §3, §9): the mean rating with one decimal, once the threshold is reached. */
export function surveyNpsAvg(figures: Pick<SurveyNpsFigures, 'count' | 'average'>): number | null {
  return figures.count >= SURVEY_NPS_AVG_MIN_RATINGS ? figures.average : null;
}

/**
 * The location's `npsAvg` as the storefront writes it (ordering §9 "shown with
 * one decimal"; ADR 042): always one decimal, with the decimal comma of the
 * storefront's Spanish ('4,6', '5,0'), like the distances ('2,5 km'). Whether
 * there is one to show is the API's call (`surveyNpsAvg`): it sends null below
 * the threshold, and the storefront shows nothing then.
 */
export function surveyNpsAvgText(npsAvg: number): string {
  return npsAvg.toFixed(1).replace('.', ',');
}
