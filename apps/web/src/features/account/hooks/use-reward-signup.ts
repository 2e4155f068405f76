import type { MoneyCountry } from '@comanda/domain/money';
/**
 * The loyalty reward sign-up (ordering §2 "Loyalty reward sign-up modal", §5
 * "Loyalty reward sign-up", §8; ADRs 027, 029): the reward and the name of
 * its points are read; the form (name, phone with its country, email) is
 * prefilled from the signed-in diner, checked with the domain's rules per
 * field, and sent once valid.
 */
import { type PhoneCountry, phoneCountry, phoneParse, phoneToE164 } from '@comanda/domain/phone';
import {
  type RewardSignupFieldErrors,
  rewardIsOffered,
  rewardSignupErrorMessage,
  rewardSignupFieldErrors,
} from '@comanda/domain/reward-signup';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCustomerSession } from '../../../stores/customer-session-store';
import { entryParamsGet } from '../../../stores/entry-params-store';
import { type AccountLoyaltyProgram, loyaltyProgramGet } from '../api/account-api';
import { type LoyaltyReward, loyaltyRewardGet, rewardSignUp } from '../api/reward-api';

/** The location whose page the link opened. */
export interface RewardPlace {
  branchId: number;
  branchContactId: number;
  /** The venue's country (ISO): the phone's country first offered. */
  countryCode: string;
  /** The venue's money: how the reward's amount reads. */
  country: MoneyCountry;
}

export type RewardRead =
  | { status: 'loading' }
  | { status: 'offered'; reward: LoyaltyReward; program: AccountLoyaltyProgram | null }
  /** Not offered here: the API's 404 ('No existe el premio {id}'), or ours. */
  | { status: 'missing'; message: string }
  | { status: 'failed' };

export type RewardOutcome =
  /** `own`: credited to the signed-in diner's phone. */
  { status: 'credited'; points: number; own: boolean } | { status: 'refused'; message: string };

type Field = keyof RewardSignupFieldErrors;

/** (ours) A reward of another branch, or of another of its locations. */
export const REWARD_ELSEWHERE = 'Este premio no se ofrece en este local.';

/**
 * (ours) Where the diner came from, as the checkout sends it with an order
 * (features/checkout/lib/order-payload.ts `acquisitionChannelOf`): the entry
 * link's `source`, else 'DIRECT'.
 */
function acquisitionChannel(): string {
  return entryParamsGet().source ?? 'DIRECT';
}

function useRewardRead(rewardId: number | null, place: RewardPlace): { read: RewardRead; retry: () => void } {
  const [read, setRead] = useState<RewardRead>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { branchId, branchContactId } = place;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the read.
  useEffect(() => {
    if (rewardId === null) return;
    let current = true;
    setRead({ status: 'loading' });
    Promise.all([loyaltyRewardGet(rewardId), loyaltyProgramGet(branchId)]).then(
      ([reward, program]) => {
        if (!current) return;
        const here =
          reward.branchId === branchId &&
          rewardIsOffered(
            { active: reward.active, branchContactId: reward.branchContactId?.toString() ?? null },
            { branchContactId: String(branchContactId), alreadyCredited: false },
          );
        setRead(
          here ? { status: 'offered', reward, program } : { status: 'missing', message: REWARD_ELSEWHERE },
        );
      },
      (error: unknown) => {
        if (!current) return;
        setRead(
          error instanceof ApiError && (error.status === 404 || error.status === 400)
            ? { status: 'missing', message: error.message }
            : { status: 'failed' },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [rewardId, branchId, branchContactId, attempt]);

  return { read, retry: () => setAttempt((value) => value + 1) };
}

/** The words of a refused sign-up: the server's per-field texts, or ordering §8's message. */
function refusalOf(error: unknown): { fields: RewardSignupFieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 400) {
    const { name, phone, email } = error.fields;
    const fields = Object.fromEntries(
      Object.entries({ name, phone, email }).filter(([, text]) => typeof text === 'string'),
    ) as RewardSignupFieldErrors;
    if (Object.keys(fields).length > 0) return { fields, message: null };
  }
  const text =
    error instanceof ApiError
      ? typeof error.body === 'string'
        ? error.body
        : JSON.stringify(error.body ?? error.message)
      : null;
  return { fields: {}, message: rewardSignupErrorMessage(text) };
}

export function useRewardSignup(rewardId: number | null, place: RewardPlace) {
  const { read, retry } = useRewardRead(rewardId, place);
  const session = useCustomerSession();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState<PhoneCountry>(() => phoneCountry(place.countryCode));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<RewardSignupFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RewardOutcome | null>(null);

  // What the diner typed wins: the session fills only empty fields, once per session.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!session || filledFor.current === session.token) return;
    filledFor.current = session.token;
    if (session.name) setName((typed) => typed || (session.name ?? ''));
    setPhone((typed) => {
      if (typed.trim()) return typed;
      const own = phoneParse(session.phone)?.country;
      if (own) setCountry(phoneCountry(own));
      return session.phoneDisplay || session.phone;
    });
  }, [session]);

  const edited = (field: Field) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    if (outcome?.status === 'refused') setOutcome(null);
  };

  /** Checks the form; sends it when valid. Returns the first field refused, for the focus. */
  async function submit(): Promise<Field | null> {
    if (busy || read.status !== 'offered') return null;
    const form = { name, phone, email };
    const found = rewardSignupFieldErrors(form, country);
    setErrors(found);
    setOutcome(null);
    const first = (['name', 'phone', 'email'] as const).find((field) => found[field]);
    const e164 = phoneToE164(phone, country);
    if (first || !e164) return first ?? 'phone';
    setBusy(true);
    try {
      const credited = await rewardSignUp({
        name: name.trim(),
        phone: e164,
        email: email.trim(),
        branchId: read.reward.branchId,
        branchContactId: place.branchContactId,
        loyaltyRewardId: read.reward.id,
        acquisitionChannel: acquisitionChannel(),
      });
      setOutcome({ status: 'credited', points: credited.reward, own: credited.phone === session?.phone });
      return null;
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      if (refusal.message) setOutcome({ status: 'refused', message: refusal.message });
      return (['name', 'phone', 'email'] as const).find((field) => refusal.fields[field]) ?? null;
    } finally {
      setBusy(false);
    }
  }

  return {
    read,
    retry,
    name,
    setName: (value: string) => {
      setName(value);
      edited('name');
    },
    phone,
    setPhone: (value: string) => {
      setPhone(value);
      edited('phone');
    },
    country,
    setCountry: (value: PhoneCountry) => {
      setCountry(value);
      edited('phone');
    },
    email,
    setEmail: (value: string) => {
      setEmail(value);
      edited('email');
    },
    errors,
    busy,
    outcome,
    submit,
  };
}
