/**
 * The rider shift page (follow-up §2.7, §4.6, §5, §8): phone intake, register,
 * log in and log out forms, their messages, and where each step leads.
 * Forms return every failing check in the spec's order and, like the checkout,
 * show the last one.
 */
import { riderMessages } from './messages';
import type { ShipmentStatus } from './shipment';

/** The page's variants (the route's `registerPageVariant`). */
export type RiderShiftVariant = 'phoneIntake' | 'register' | 'logIn' | 'logOut' | 'success';

/** A form's outcome: the failing messages, the one to show, and the phone as it is sent (E.164). */
export interface RiderFormResult {
  errors: string[];
  message: string | null;
  phone: string | null;
}

/** Whether a field was left empty (spaces alone count as empty). */
export const riderFieldBlank = (value: string | null | undefined) => !value || value.trim() === '';

/** A form's outcome from its failing messages, in the spec's order. */
export function riderFormResult(errors: string[], phone: string | null): RiderFormResult {
  return { errors, message: errors.at(-1) ?? null, phone: errors.length === 0 ? phone : null };
}

/** A rider's security code: exactly 4 digits (ADR 022). */
export const RIDER_SECURITY_CODE_PATTERN = /^[0-9]{4}$/;

/** Whether a typed security code can be one (surrounding spaces aside): 4 digits. */
export function riderSecurityCodeValid(securityCode: string | null | undefined): boolean {
  return RIDER_SECURITY_CODE_PATTERN.test((securityCode ?? '').trim());
}

/**
 * Log in and log out need the security code ('Debe completar todos los
 * campos para continuar'), and a code is 4 digits ('El código de seguridad es
 * erróneo', the text the API answers for a code it refuses).
 */
export function riderSecurityCodeCheck(securityCode: string): RiderFormResult {
  if (riderFieldBlank(securityCode)) return riderFormResult([riderMessages.allRequired], null);
  return riderFormResult(riderSecurityCodeValid(securityCode) ? [] : [riderMessages.wrongSecurityCode], null);
}

/** A registration as the server receives it (createwithcode): the phone once, already confirmed by the form. */
export interface RiderRegistration {
  name: string;
  phone: string;
  securityCode: string;
}

/** The server's verdict on a registration: one message per failing field, the one to show, the phone in E.164. */
export interface RiderRegistrationResult {
  fields: Partial<Record<keyof RiderRegistration, string>>;
  message: string | null;
  phone: string | null;
}

/**
 * Statuses in which a shipment or stack is the rider's job in progress: taken,
 * not yet delivered. A rider holding one cannot end the shift (ADR 022).
 */
export const RIDER_SHIFT_BUSY_STATUSES = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
] as const satisfies readonly ShipmentStatus[];

/**
 * When the shift of a rider starting (or restarting) it began: a shift still
 * running — on, and started less than `shiftHours` ago — keeps its start (the
 * rider signed in again, e.g. on another phone); otherwise it starts now.
 */
export function riderShiftStart(
  rider: { active: boolean; shiftStartedAt: Date | null },
  now: Date,
  shiftHours: number,
): Date {
  const started = rider.shiftStartedAt;
  const running =
    rider.active && started !== null && now.getTime() - started.getTime() < shiftHours * 3_600_000;
  return running && started ? started : now;
}

/** Whether a rider holding shipments and stacks in these statuses may end the shift. */
export function riderShiftCanEnd(heldStatuses: readonly ShipmentStatus[]): boolean {
  return !heldStatuses.some((status) => (RIDER_SHIFT_BUSY_STATUSES as readonly string[]).includes(status));
}

/** Where the phone lookup leads: found and active → logOut; found and inactive → logIn; not found (404) → register. */
export function riderShiftAfterLookup(
  lookup: { found: false } | { found: true; active: boolean },
): RiderShiftVariant {
  if (!lookup.found) return 'register';
  return lookup.active ? 'logOut' : 'logIn';
}

/**
 * Where a successful submit leads: register, and log in with an active rider,
 * go to the rider's shipments; log out with an inactive rider shows success.
 */
export function riderShiftAfterSubmit(
  variant: RiderShiftVariant,
  rider: { active: boolean },
): 'shipments' | 'success' | null {
  if (variant === 'register') return 'shipments';
  if (variant === 'logIn' && rider.active) return 'shipments';
  if (variant === 'logOut' && !rider.active) return 'success';
  return null;
}

/** The page's greeting: 'Hola {name}!' on logIn and logOut. */
export function riderShiftGreeting(
  variant: RiderShiftVariant,
  name: string | null | undefined,
): string | null {
  return (variant === 'logIn' || variant === 'logOut') && name ? riderMessages.hello(name) : null;
}

/** The page's button, none on success ('Turno finalizado con éxito' shows instead). */
export function riderShiftButton(variant: RiderShiftVariant): string | null {
  switch (variant) {
    case 'phoneIntake':
      return riderMessages.next;
    case 'register':
    case 'logIn':
      return riderMessages.startShift;
    case 'logOut':
      return riderMessages.endShift;
    default:
      return null;
  }
}

/** The toast of a failed create or update: 400 → 'El código de seguridad es erróneo', else the generic error. */
export function riderSaveErrorMessage(httpStatus: number): string {
  return httpStatus === 400 ? riderMessages.wrongSecurityCode : riderMessages.genericError;
}

/** The toast of a failed lookup: none for 404 (go to register), else the generic error. */
export function riderLookupErrorMessage(httpStatus: number): string | null {
  return httpStatus === 404 ? null : riderMessages.genericError;
}
