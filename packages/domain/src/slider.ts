/**
 * The rider's slide-to-confirm control (follow-up §4.4): values 0 to 100, a
 * change counts only when it is a small step from the previous value (a tap
 * far along the track does nothing), and releasing at or past the accept
 * threshold runs the next action; the slider then goes back to 0.
 * The spec does not show the thresholds; these are ours.
 */

/** Range of the slider. */
export const SLIDER_MIN = 0;
/** Range of the slider. */
export const SLIDER_MAX = 100;
/** (decision) A change of this much or more from the previous value is a jump and is ignored. */
export const SLIDER_MAX_STEP = 30;
/** (decision) Releasing at or beyond this value accepts. */
export const SLIDER_ACCEPT_AT = 90;

/** The value the slider keeps after the diner drags to `next`. */
export function sliderChange(previous: number, next: number): number {
  const clamped = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, next));
  return Math.abs(clamped - previous) < SLIDER_MAX_STEP ? clamped : previous;
}

/** On release: whether the action runs; the value always goes back to 0. */
export function sliderRelease(value: number): { accept: boolean; value: number } {
  return { accept: value >= SLIDER_ACCEPT_AT, value: SLIDER_MIN };
}
