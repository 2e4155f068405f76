/**
 * The invitation to rate a delivered order (issue 12, ADR 031): a WhatsApp
 * message some time after delivery with the survey's link (follow-up §2.1
 * `encuesta/{alias}/{orderCode}`, §2.3 `surveyGeneralNPSAnswer`).
 */

/** (decision, ADR 031) Minutes after delivery before the invitation, unless the location sets its own. */
export const SURVEY_INVITE_DEFAULT_DELAY_MINUTES = 60;
export const SURVEY_INVITE_DELAY_MINUTES_MIN = 0;
export const SURVEY_INVITE_DELAY_MINUTES_MAX = 24 * 60;
/** (decision, ADR 031) An order delivered longer ago than this past its delay is not invited any more. */
export const SURVEY_INVITE_MAX_LATE_HOURS = 24;

/** Whether a location's delay is one the console accepts. */
export function surveyInviteDelayValid(minutes: number): boolean {
  return (
    Number.isInteger(minutes) &&
    minutes >= SURVEY_INVITE_DELAY_MINUTES_MIN &&
    minutes <= SURVEY_INVITE_DELAY_MINUTES_MAX
  );
}

/** The survey page of an order; with a rating, the one-tap link that pre-fills the general question. */
export function surveyRatingUrl(input: {
  publicUrl: string;
  alias: string;
  orderCode: string;
  rating?: number;
}): string {
  const path = `${input.publicUrl}/encuesta/${encodeURIComponent(input.alias)}/${encodeURIComponent(input.orderCode)}`;
  return input.rating === undefined ? path : `${path}?surveyGeneralNPSAnswer=${input.rating}`;
}

/** What the invitation job does with a delivered order, decided from the facts. */
export type SurveyInviteStep =
  | { kind: 'WAIT' }
  | { kind: 'SEND' }
  | { kind: 'SKIP'; reason: 'NO_OPT_IN' | 'ANSWERED' | 'NO_SURVEY' | 'TOO_LATE' | 'NO_PHONE' };

export function surveyInviteStep(facts: {
  now: number;
  deliveredAt: number;
  delayMinutes: number;
  hasPhone: boolean;
  surveyActive: boolean;
  answered: boolean;
  optedIn: boolean;
}): SurveyInviteStep {
  const due = facts.deliveredAt + facts.delayMinutes * 60_000;
  if (facts.now < due) return { kind: 'WAIT' };
  if (facts.answered) return { kind: 'SKIP', reason: 'ANSWERED' };
  if (!facts.surveyActive) return { kind: 'SKIP', reason: 'NO_SURVEY' };
  if (!facts.hasPhone) return { kind: 'SKIP', reason: 'NO_PHONE' };
  if (!facts.optedIn) return { kind: 'SKIP', reason: 'NO_OPT_IN' };
  if (facts.now > due + SURVEY_INVITE_MAX_LATE_HOURS * 3_600_000) return { kind: 'SKIP', reason: 'TOO_LATE' };
  return { kind: 'SEND' };
}

/** (ours) The invitation's text, in the storefront's tú (COPY.md: messages to diners). */
export const surveyInviteMessages = {
  text: (input: { venueName: string; orderCode: string; url: string }) =>
    `¡Hola! ¿Qué tal estuvo tu pedido ${input.orderCode} de ${input.venueName}? ` +
    `Cuéntanos en un minuto, del 1 al 5: ${input.url}`,
} as const;
