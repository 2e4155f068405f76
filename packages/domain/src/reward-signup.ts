/**
 * Loyalty reward sign-up (ordering §5 "Loyalty reward sign-up", §8): the
 * form's checks and the server reaction's message. Returns every failing check
 * in the spec's order and shows the last.
 */
import { emailIsValid } from './checkout-validation';
import { rewardMessages } from './messages';
import { phoneToE164 } from './phone';

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** The reward form's outcome. */
export interface RewardSignupResult {
  errors: string[];
  message: string | null;
  /** E.164 when valid. */
  phone: string | null;
}

/** The form's fields, each with the spec's message when it fails. */
export type RewardSignupFieldErrors = Partial<Record<'name' | 'phone' | 'email', string>>;

/**
 * The checks per field: an invalid (or empty) phone gets 'El número de
 * teléfono es invalido'; an empty name, or an empty or malformed email, gets
 * 'Debe completar todos los campos para continuar'.
 */
export function rewardSignupFieldErrors(
  form: { name: string; phone: string; email: string },
  country?: string,
): RewardSignupFieldErrors {
  const fields: RewardSignupFieldErrors = {};
  if (!phoneToE164(form.phone, country)) fields.phone = rewardMessages.phoneInvalid;
  if (blank(form.name)) fields.name = rewardMessages.allRequired;
  if (blank(form.email) || !emailIsValid(form.email)) fields.email = rewardMessages.allRequired;
  return fields;
}

/**
 * A valid phone ('El número de teléfono es invalido'), and name, phone and email
 * all filled ('Debe completar todos los campos para continuar'). A filled but
 * malformed email also counts as not filled.
 */
export function rewardSignupCheck(
  form: { name: string; phone: string; email: string },
  country?: string,
): RewardSignupResult {
  const fields = rewardSignupFieldErrors(form, country);
  const errors: string[] = [];
  if (fields.phone) errors.push(rewardMessages.phoneInvalid);
  if (fields.name || fields.email || blank(form.phone)) errors.push(rewardMessages.allRequired);
  const phone = errors.length === 0 ? phoneToE164(form.phone, country) : null;
  return { errors, message: errors.at(-1) ?? null, phone };
}

/** The message of a failed redemption: 'Ya ha canjeado este premio' when the reply says 'already exists'. */
export function rewardSignupErrorMessage(responseText: string | null | undefined): string {
  return responseText?.includes('already exists')
    ? rewardMessages.alreadyRedeemed
    : rewardMessages.genericError;
}

/** Whether a reward can be offered: active, of this branch contact, and not credited before (once only). */
export function rewardIsOffered(
  reward: { active: boolean; branchContactId?: string | null },
  context: { branchContactId: string; alreadyCredited: boolean },
): boolean {
  return (
    reward.active &&
    !context.alreadyCredited &&
    (reward.branchContactId === undefined ||
      reward.branchContactId === null ||
      reward.branchContactId === context.branchContactId)
  );
}
