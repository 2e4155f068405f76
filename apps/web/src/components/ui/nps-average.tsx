import { branchMessages } from '@comanda/domain/messages';
import { surveyNpsAvgText } from '@comanda/domain/survey-nps';

/**
 * The location's survey average (ordering §9 "NPS average: shown with one
 * decimal when the threshold is reached"; ADR 042) as '★ 4,6'. The API sends
 * `npsAvg` only once the location has its threshold of ratings, so null shows nothing.
 */
export function NpsAverage({ npsAvg }: { npsAvg: number | null }) {
  if (npsAvg === null) return null;
  const text = surveyNpsAvgText(npsAvg);
  return (
    <span className="nps-average" role="img" aria-label={`${branchMessages.npsAvgLabel}: ${text}`}>
      ★ {text}
    </span>
  );
}
