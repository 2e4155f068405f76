import { describe, expect, it } from 'vitest';
import {
  SURVEY_NPS_AVG_MIN_RATINGS,
  surveyNpsAvg,
  surveyNpsAvgText,
  surveyNpsFigures,
  surveyNpsGroup,
  surveyRatingDistribution,
} from './survey-nps';

describe('ADR 031 NPS on the 1–5 scale (follow-up §9)', () => {
  it.each([
    [5, 'PROMOTER'],
    [4, 'PASSIVE'],
    [3, 'DETRACTOR'],
    [1, 'DETRACTOR'],
  ])('rating %s is a %s', (rating, group) => {
    expect(surveyNpsGroup(rating)).toBe(group);
  });

  it('refuses what is not a rating', () => {
    expect(() => surveyNpsGroup(0)).toThrow(RangeError);
    expect(() => surveyNpsGroup(4.5)).toThrow(RangeError);
    expect(() => surveyNpsFigures([1, -1, 0, 0, 0])).toThrow(RangeError);
  });

  it('gives NPS, count, groups and the mean from the distribution', () => {
    // 5,5,5,4,2,1: 3 promoters, 1 passive, 2 detractors → (3 − 2) / 6 = 16.7 % → 17.
    expect(surveyNpsFigures(surveyRatingDistribution([5, 5, 5, 4, 2, 1, 7, 0]))).toEqual({
      count: 6,
      distribution: [1, 1, 0, 1, 3],
      promoters: 3,
      passives: 1,
      detractors: 2,
      nps: 17,
      average: 3.7,
    });
    expect(surveyNpsFigures([0, 0, 0, 0, 4]).nps).toBe(100);
    expect(surveyNpsFigures([2, 0, 0, 0, 0]).nps).toBe(-100);
    expect(surveyNpsFigures([0, 0, 0, 0, 0])).toMatchObject({ count: 0, nps: null, average: null });
  });

  it('gives npsAvg with one decimal once the threshold is reached (ordering §9)', () => {
    expect(SURVEY_NPS_AVG_MIN_RATINGS).toBe(5);
    expect(surveyNpsAvg(surveyNpsFigures([0, 0, 0, 2, 2]))).toBeNull();
    expect(surveyNpsAvg(surveyNpsFigures([0, 0, 0, 2, 3]))).toBe(4.6);
  });

  it('writes npsAvg with one decimal and a decimal comma (ordering §9, ADR 042)', () => {
    expect(surveyNpsAvgText(4.6)).toBe('4,6');
    expect(surveyNpsAvgText(5)).toBe('5,0');
    expect(surveyNpsAvgText(1)).toBe('1,0');
    expect(surveyNpsAvgText(3.45)).toBe('3,5');
  });
});
