/**
 * Loyalty rewards (ordering §3, §5 "Loyalty reward sign-up", §7; ADR 027).
 *
 * - `GET /api/loyalty-reward/{id}`: the public reward; unknown, inactive and
 *   programme-off rewards answer the same 404.
 * - `POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}`: the sign-up.
 *   It needs no session: crediting points to a phone tells nothing and spends
 *   nothing (points are redeemed only by the phone's proven holder, ADR 018).
 *   Without a session for that phone a stored customer's name and email are
 *   kept as they are (a new phone is created with the form's); the answer is
 *   the same for a new and a known phone. The one thing told is the spec's
 *   'already exists' when this phone got this reward before.
 * - Credited once per customer even under concurrent sign-ups: the customer's
 *   row is locked, the balance moves in a conditional update, and the ledger's
 *   unique index backs it up.
 */
import { rewardMessages } from '@comanda/domain/messages';
import { phoneToE164 } from '@comanda/domain/phone';
import { rewardSignupFieldErrors } from '@comanda/domain/reward-signup';
import type { Db, Queryable } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { customerUpsertLocked } from '../repositories/customer-repository';
import { loyaltyRewardCredit, loyaltyRewardOffered } from '../repositories/loyalty-reward-repository';
import { branchContactFind } from '../repositories/tenant-repository';
import type { LoyaltyRewardView, RewardCreditedView, RewardSignupBody } from '../schemas/loyalty-reward';
import { customerSessionOf } from './customer-auth-service';

/** (ours) Texts of the reward routes beyond the spec's, in the storefront's tú (COPY.md). */
export const loyaltyRewardMessages = {
  unknown: (id: number) => `No existe el premio ${id}`,
  otherReward: (id: number) => `Debe ser el premio de la dirección (${id})`,
  otherPhone: 'No coincide con el teléfono de la dirección',
  otherBranch: 'Este premio es de otra sucursal',
  otherLocation: 'Este premio no se ofrece en este local',
  /** Read by the storefront's rule (ordering §8: 'already exists' → 'Ya ha canjeado este premio'). */
  alreadyDetail: 'loyalty reward already exists for this customer',
} as const;

async function offered(db: Queryable, rewardId: number) {
  const found = await loyaltyRewardOffered(db, rewardId);
  if (!found) throw notFound(loyaltyRewardMessages.unknown(rewardId));
  return found;
}

/** The reward entity (ordering §3), public fields only. */
export async function loyaltyRewardGet(db: Queryable, rewardId: number): Promise<LoyaltyRewardView> {
  const { reward } = await offered(db, rewardId);
  return {
    id: reward.id,
    active: reward.active,
    reward: reward.reward,
    branchId: reward.branchId,
    branchContactId: reward.branchContactId,
  };
}

/** Whether an error is the ledger's "this reward was credited to this customer" unique violation. */
function isRewardCreditedTwice(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'loyalty_ledger_reward_once') return true;
  }
  return false;
}

const alreadyCredited = () =>
  new HttpError(409, rewardMessages.alreadyRedeemed, undefined, {
    detail: loyaltyRewardMessages.alreadyDetail,
  });

/** The reward sign-up: every failing field at once, then the one credit. */
export async function loyaltyRewardSignUp(
  deps: { db: Db; now: number },
  input: { pathPhone: string; rewardId: number; body: RewardSignupBody; token: string | undefined },
): Promise<RewardCreditedView> {
  const { db, now } = deps;
  const { reward, country } = await offered(db, input.rewardId);
  const { body } = input;
  const countryCode = country.code.toLowerCase();
  const form = { name: body.name ?? '', phone: body.phone ?? '', email: body.email ?? '' };
  const fields: Record<string, string> = { ...rewardSignupFieldErrors(form, countryCode) };
  const phone = phoneToE164(form.phone, countryCode);
  if (phone && phoneToE164(input.pathPhone, countryCode) !== phone)
    fields.phone = loyaltyRewardMessages.otherPhone;
  if (body.loyaltyRewardId !== reward.id)
    fields.loyaltyRewardId = loyaltyRewardMessages.otherReward(reward.id);
  if (body.branchId !== reward.branchId) fields.branchId = loyaltyRewardMessages.otherBranch;
  const location = await branchContactFind(db, body.branchContactId);
  const offeredHere =
    location?.companyId === reward.companyId &&
    location.branchId === reward.branchId &&
    (reward.branchContactId === null || reward.branchContactId === location.id);
  if (!offeredHere) fields.branchContactId = loyaltyRewardMessages.otherLocation;
  const [first] = Object.values(fields);
  if (first !== undefined || !phone) throw new HttpError(400, first ?? rewardMessages.phoneInvalid, fields);

  const session = await customerSessionOf(db, input.token, now);
  const proven = session?.companyId === reward.companyId && session.phone === phone;
  const at = new Date(now);
  try {
    const credited = await db.transaction(async (tx) => {
      const customer = await customerUpsertLocked(tx, {
        companyId: reward.companyId,
        phone,
        name: form.name.trim(),
        email: form.email.trim().toLowerCase(),
        document: null,
        // The form asks no consent to messages.
        optIn: null,
        refresh: proven,
        now: at,
      });
      return loyaltyRewardCredit(tx, {
        companyId: reward.companyId,
        customerId: customer.id,
        branchId: reward.branchId,
        rewardId: reward.id,
        points: reward.reward,
        now: at,
      });
    });
    if (!credited) throw alreadyCredited();
  } catch (error) {
    if (isRewardCreditedTwice(error)) throw alreadyCredited();
    throw error;
  }
  return { loyaltyRewardId: reward.id, phone, reward: reward.reward };
}
