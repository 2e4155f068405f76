import { describe, expect, it } from 'vitest';
import { SLIDER_ACCEPT_AT, SLIDER_MAX_STEP, sliderChange, sliderRelease } from './slider';

describe('follow-up §4.4 Slider', () => {
  it.each([
    [0, 10, 10],
    [10, 10 + SLIDER_MAX_STEP - 1, 10 + SLIDER_MAX_STEP - 1],
    [0, SLIDER_MAX_STEP, 0],
    [0, 95, 0],
    [90, 120, 100],
    [5, -10, 0],
  ])('from %i, dragging to %i keeps %i', (previous, next, kept) => {
    expect(sliderChange(previous, next)).toBe(kept);
  });

  it('accepts on release at the threshold and resets to 0', () => {
    expect(sliderRelease(SLIDER_ACCEPT_AT)).toEqual({ accept: true, value: 0 });
    expect(sliderRelease(SLIDER_ACCEPT_AT - 1)).toEqual({ accept: false, value: 0 });
  });

  it('needs a drag, not a tap, to reach the end', () => {
    let value = 0;
    for (const target of [20, 40, 60, 80, 100]) value = sliderChange(value, target);
    expect(sliderRelease(value).accept).toBe(true);
  });
});
