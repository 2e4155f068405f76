/**
 * The invitation to rate a delivered order (issue 12, ADR 031), one pass per
 * tick of every API process, after the abandoned-cart job.
 *
 * Delivered orders past their location's delay with no invitation yet are read
 * a batch at a time; for each, packages/domain's `surveyInviteStep` decides
 * from the facts (already answered, the survey active, a phone, the customer's
 * opt-in read now, not too late). Every decision claims the order's one
 * invitation row (unique order, `on conflict do nothing`) and, for SEND, writes
 * the WhatsApp message to the outbox in the same transaction: however many
 * processes run the pass at once, an order is invited at most once, and a
 * crash rolls back both.
 */
import {
  SURVEY_INVITE_DELAY_MINUTES_MAX,
  SURVEY_INVITE_MAX_LATE_HOURS,
  surveyInviteMessages,
  surveyInviteStep,
  surveyRatingUrl,
} from '@comanda/domain/survey-invitation';
import type { Db } from '../db/client';
import { outboxInsert } from '../repositories/outbox-repository';
import {
  type SurveyInviteCandidate,
  surveyInviteCandidates,
  surveyInviteClaim,
  surveyInviteMessageSet,
  surveyInviteOptedIn,
} from '../repositories/survey-invitation-repository';

/** Orders decided per round. */
export const SURVEY_INVITE_BATCH = 50;

/** What one pass did. */
export interface SurveyInvitePass {
  /** Invitations written to the outbox. */
  invited: number;
  /** Orders closed without one (not opted in, answered, no survey, too late, no phone). */
  skipped: number;
}

interface JobDeps {
  db: Db;
  now: number;
  publicUrl: string;
}

async function decide(deps: JobDeps, order: SurveyInviteCandidate, pass: SurveyInvitePass) {
  const optedIn = order.phone !== null && (await surveyInviteOptedIn(deps.db, order.companyId, order.phone));
  const step = surveyInviteStep({
    now: deps.now,
    deliveredAt: order.deliveredAt.getTime(),
    delayMinutes: order.delayMinutes,
    hasPhone: order.phone !== null && order.phone !== '',
    surveyActive: order.surveyActive,
    answered: order.answered,
    optedIn,
  });
  if (step.kind === 'WAIT') return;
  const at = new Date(deps.now);
  await deps.db.transaction(async (tx) => {
    const claimed = await surveyInviteClaim(tx, {
      companyId: order.companyId,
      orderId: order.orderId,
      branchContactId: order.branchContactId,
      status: step.kind === 'SEND' ? 'SENT' : 'SKIPPED',
      skipReason: step.kind === 'SKIP' ? step.reason : null,
      createdAt: at,
    });
    if (!claimed) return;
    if (step.kind === 'SKIP' || !order.phone) {
      pass.skipped++;
      return;
    }
    const url = surveyRatingUrl({ publicUrl: deps.publicUrl, alias: order.alias, orderCode: order.code });
    const message = await outboxInsert(tx, {
      companyId: order.companyId,
      branchContactId: order.branchContactId,
      orderId: order.orderId,
      channel: 'WHATSAPP',
      kind: 'SURVEY_INVITATION',
      toPhone: order.phone,
      body: surveyInviteMessages.text({ venueName: order.venueName, orderCode: order.code, url }),
      status: 'PENDING',
      createdAt: at,
    });
    await surveyInviteMessageSet(tx, order.orderId, message.id);
    pass.invited++;
  });
}

/** One pass of the job; answers what it did (the outbox sender delivers the messages). */
export async function surveyInvitationsRunOnce(deps: JobDeps): Promise<SurveyInvitePass> {
  const pass: SurveyInvitePass = { invited: 0, skipped: 0 };
  // Orders older than the longest delay plus the lateness allowed are never invited: they are not read.
  const since = new Date(
    deps.now - SURVEY_INVITE_DELAY_MINUTES_MAX * 60_000 - (SURVEY_INVITE_MAX_LATE_HOURS + 1) * 3_600_000,
  );
  for (let round = 0; round < 5; round++) {
    const due = await surveyInviteCandidates(deps.db, new Date(deps.now), since, SURVEY_INVITE_BATCH);
    for (const order of due) await decide(deps, order, pass);
    if (due.length < SURVEY_INVITE_BATCH) break;
  }
  return pass;
}
