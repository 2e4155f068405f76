/**
 * The rider forms' phone checks (follow-up §5): the phone intake, the register
 * form and the registration as the API applies it. Apart from rider-forms.ts
 * because they need the phone library (phone.ts), which the rider app's first
 * page loads only when a phone is checked (bench/bundle-size.mjs).
 */
import { riderMessages } from './messages';
import { phoneIsValid, phoneToE164 } from './phone';
import {
  type RiderFormResult,
  type RiderRegistration,
  type RiderRegistrationResult,
  riderFieldBlank,
  riderFormResult,
  riderSecurityCodeValid,
} from './rider-forms';

/** Phone intake: the phone must be valid ('El número de teléfono es invalido'); it is sent formatted. */
export function riderPhoneIntakeCheck(phone: string, country?: string): RiderFormResult {
  return phoneIsValid(phone, country)
    ? riderFormResult([], phoneToE164(phone, country))
    : riderFormResult([riderMessages.phoneInvalid], null);
}

/**
 * Register: phone and confirmation match ('Los números de teléfono no
 * coinciden'), the phone is valid ('El número de teléfono es invalido'), and
 * name, phone and security code are all filled ('Debe completar todos los
 * campos para continuar').
 */
export function riderRegisterCheck(
  form: { phone: string; phoneConfirmation: string; name: string; securityCode: string },
  country?: string,
): RiderFormResult {
  const errors: string[] = [];
  const phone = phoneToE164(form.phone, country);
  const confirmation = phoneToE164(form.phoneConfirmation, country);
  if ((phone ?? form.phone.trim()) !== (confirmation ?? form.phoneConfirmation.trim())) {
    errors.push(riderMessages.phonesDoNotMatch);
  }
  if (!phone) errors.push(riderMessages.phoneInvalid);
  if (riderFieldBlank(form.name) || riderFieldBlank(form.phone) || riderFieldBlank(form.securityCode))
    errors.push(riderMessages.allRequired);
  return riderFormResult(errors, phone);
}

/**
 * The register form's rules as the API applies them (§5, plus the 4 digits):
 * name, phone and code filled ('Debe completar todos los campos para
 * continuar'), the phone valid in the venue's country ('El número de teléfono
 * es invalido'), the code 4 digits ('El código de seguridad es erróneo'). Like
 * the forms, the message shown is the last failing check.
 */
export function riderRegistrationCheck(input: RiderRegistration, country?: string): RiderRegistrationResult {
  const fields: RiderRegistrationResult['fields'] = {};
  const errors: string[] = [];
  const fail = (field: keyof RiderRegistration, message: string) => {
    fields[field] ??= message;
    errors.push(message);
  };
  const phone = riderFieldBlank(input.phone) ? null : phoneToE164(input.phone, country);
  if (!riderFieldBlank(input.phone) && !phone) fail('phone', riderMessages.phoneInvalid);
  if (riderFieldBlank(input.name)) fail('name', riderMessages.allRequired);
  if (riderFieldBlank(input.phone)) fail('phone', riderMessages.allRequired);
  if (riderFieldBlank(input.securityCode)) fail('securityCode', riderMessages.allRequired);
  else if (!riderSecurityCodeValid(input.securityCode)) fail('securityCode', riderMessages.wrongSecurityCode);
  return { fields, message: errors.at(-1) ?? null, phone: errors.length === 0 ? phone : null };
}
