import { describe, expect, it } from 'vitest';
import {
  SURVEY_INVITE_DEFAULT_DELAY_MINUTES,
  surveyInviteDelayValid,
  surveyInviteMessages,
  surveyInviteStep,
  surveyRatingUrl,
} from './survey-invitation';

const MIN = 60_000;
const facts = {
  now: 100 * MIN,
  deliveredAt: 40 * MIN,
  delayMinutes: 60,
  hasPhone: true,
  surveyActive: true,
  answered: false,
  optedIn: true,
};

describe('ADR 031 the invitation to rate (follow-up §2.1, §2.3)', () => {
  it('links the survey page, with the one-tap pre-fill when given a rating', () => {
    const base = { publicUrl: 'https://pedir.example', alias: 'fuego palermo', orderCode: 'AB12' };
    expect(surveyRatingUrl(base)).toBe('https://pedir.example/encuesta/fuego%20palermo/AB12');
    expect(surveyRatingUrl({ ...base, rating: 5 })).toBe(
      'https://pedir.example/encuesta/fuego%20palermo/AB12?surveyGeneralNPSAnswer=5',
    );
    expect(surveyInviteMessages.text({ venueName: 'Fuego', orderCode: 'AB12', url: 'u' })).toBe(
      '¡Hola! ¿Qué tal estuvo tu pedido AB12 de Fuego? Cuéntanos en un minuto, del 1 al 5: u',
    );
  });

  it('waits for the delay, then sends only to an opted-in diner with a phone and an unanswered survey', () => {
    expect(SURVEY_INVITE_DEFAULT_DELAY_MINUTES).toBe(60);
    expect(surveyInviteStep({ ...facts, now: 100 * MIN - 1 })).toEqual({ kind: 'WAIT' });
    expect(surveyInviteStep(facts)).toEqual({ kind: 'SEND' });
    expect(surveyInviteStep({ ...facts, optedIn: false })).toEqual({ kind: 'SKIP', reason: 'NO_OPT_IN' });
    expect(surveyInviteStep({ ...facts, answered: true })).toEqual({ kind: 'SKIP', reason: 'ANSWERED' });
    expect(surveyInviteStep({ ...facts, surveyActive: false })).toEqual({
      kind: 'SKIP',
      reason: 'NO_SURVEY',
    });
    expect(surveyInviteStep({ ...facts, hasPhone: false })).toEqual({ kind: 'SKIP', reason: 'NO_PHONE' });
    expect(surveyInviteStep({ ...facts, now: 100 * MIN + 24 * 60 * MIN + 1 })).toEqual({
      kind: 'SKIP',
      reason: 'TOO_LATE',
    });
  });

  it('accepts a delay from 0 to 24 hours in whole minutes', () => {
    expect([0, 60, 1440].every(surveyInviteDelayValid)).toBe(true);
    expect([-1, 1441, 1.5].some(surveyInviteDelayValid)).toBe(false);
  });
});
