/**
 * A wait as the product writes it (COPY.md "Formats"): the two ends joined by an
 * en dash ('30–45 min'), one value when both ends are equal ('30 min').
 */
export function minutesRangeText(min: number, max: number): string {
  return min === max ? `${min} min` : `${min}–${max} min`;
}
