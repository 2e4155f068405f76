/**
 * The venue's survey results in the console (issue 12, ADR 031): per location
 * the staff member may see, over a chosen period, the NPS of the general
 * rating (packages/domain `surveyNpsFigures`, the same figures the storefront's
 * `npsAvg` comes from), the distribution of ratings 1–5, the reasons chosen
 * with their counts, and the latest comments, each with its order's code.
 */
import {
  SURVEY_INVITE_DELAY_MINUTES_MAX,
  SURVEY_INVITE_DELAY_MINUTES_MIN,
  surveyInviteDelayValid,
} from '@comanda/domain/survey-invitation';
import { surveyNpsFigures } from '@comanda/domain/survey-nps';
import type { Queryable } from '../db/client';
import { badRequest, forbidden, HttpError } from '../lib/http-error';
import {
  surveyLatestComments,
  surveyRatingDistributions,
  surveyReasonCounts,
} from '../repositories/survey-figures-repository';
import { surveyInviteDelaySet, surveyLocations } from '../repositories/survey-invitation-repository';
import type { SurveyFiguresView } from '../schemas/survey';
import { consoleBranchContactCheck } from './console-service';
import type { StaffPrincipal } from './staff-auth-service';

/** (decision) Without a period: the last 30 days up to now. */
export const SURVEY_FIGURES_DEFAULT_DAYS = 30;
/** (decision) The longest period asked at once. */
export const SURVEY_FIGURES_MAX_DAYS = 366;
/** (decision) Comments listed per location. */
export const SURVEY_FIGURES_COMMENTS = 10;

const DAY = 24 * 3_600_000;

/** (ours) The console's refusals (staff voice: usted). */
export const surveyFiguresMessages = {
  fromAfterTo: 'La fecha de inicio debe ser anterior a la de fin',
  tooLong: `El período puede abarcar hasta ${SURVEY_FIGURES_MAX_DAYS} días`,
  ownerOnly: 'Solo el dueño puede cambiar la espera de la invitación a la encuesta',
  delayRange: `Indique entre ${SURVEY_INVITE_DELAY_MINUTES_MIN} y ${SURVEY_INVITE_DELAY_MINUTES_MAX} minutos`,
} as const;

/** `GET /api/console/survey-nps`. */
export async function surveyFiguresGet(
  db: Queryable,
  staff: StaffPrincipal,
  input: {
    branchContactId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    now: number;
  },
): Promise<SurveyFiguresView> {
  if (input.branchContactId !== undefined) await consoleBranchContactCheck(db, staff, input.branchContactId);
  const to = input.to !== undefined ? new Date(input.to) : new Date(input.now);
  const from =
    input.from !== undefined ? new Date(input.from) : new Date(+to - SURVEY_FIGURES_DEFAULT_DAYS * DAY);
  if (+from >= +to)
    throw badRequest(`from: ${surveyFiguresMessages.fromAfterTo}`, {
      from: surveyFiguresMessages.fromAfterTo,
    });
  if (+to - +from > SURVEY_FIGURES_MAX_DAYS * DAY)
    throw badRequest(`from: ${surveyFiguresMessages.tooLong}`, { from: surveyFiguresMessages.tooLong });

  const ids = input.branchContactId !== undefined ? [input.branchContactId] : [...staff.branchContactIds];
  const locations = await surveyLocations(db, staff.companyId, ids);
  const period = { from, to };
  const [distributions, reasons, comments] = await Promise.all([
    surveyRatingDistributions(db, staff.companyId, ids, period),
    surveyReasonCounts(db, staff.companyId, ids, period),
    surveyLatestComments(db, staff.companyId, ids, period, SURVEY_FIGURES_COMMENTS),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    locations: locations.map((location) => {
      const figures = surveyNpsFigures(distributions.get(location.id) ?? [0, 0, 0, 0, 0]);
      return {
        branchContactId: location.id,
        name: location.name,
        inviteDelayMinutes: location.inviteDelayMinutes,
        nps: figures.nps,
        count: figures.count,
        average: figures.average,
        promoters: figures.promoters,
        passives: figures.passives,
        detractors: figures.detractors,
        distribution: figures.distribution.map((count, index) => ({ rating: index + 1, count })),
        reasons: reasons.get(location.id) ?? [],
        comments: (comments.get(location.id) ?? []).map((comment) => ({
          orderId: comment.orderId,
          orderCode: comment.orderCode,
          questionTitle: comment.questionTitle,
          text: comment.text,
          rating: comment.rating,
          answeredAt: comment.createdAt.toISOString(),
        })),
      };
    }),
  };
}

/** `PUT /api/console/survey-nps/{branchContactId}/invite-delay`: an owner sets the location's delay. */
export async function surveyInviteDelayUpdate(
  db: Queryable,
  staff: StaffPrincipal,
  input: { branchContactId: number; delayMinutes: number },
): Promise<{ branchContactId: number; delayMinutes: number }> {
  await consoleBranchContactCheck(db, staff, input.branchContactId);
  if (staff.role !== 'OWNER') throw forbidden(surveyFiguresMessages.ownerOnly);
  if (!surveyInviteDelayValid(input.delayMinutes)) {
    const message = surveyFiguresMessages.delayRange;
    throw new HttpError(400, `delayMinutes: ${message}`, { delayMinutes: message });
  }
  await surveyInviteDelaySet(db, staff.companyId, input.branchContactId, input.delayMinutes);
  return { branchContactId: input.branchContactId, delayMinutes: input.delayMinutes };
}
