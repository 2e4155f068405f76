/**
 * The rider shift page's API (follow-up §2.7, §4.6; ADR 022): look a rider up
 * by phone, register, start and end a shift with the security code, and tell
 * a rider on shift who they are.
 *
 * - The code is 4 digits, stored only as an scrypt hash. Starting a shift with
 *   the right code opens a session (`riderSessionOpen`); ending it deletes
 *   every session of the rider.
 * - Wrong codes are limited per rider and per client IP, in the database
 *   counters of ADR 018 (every API process counts against the same budget).
 *   An attempt is counted *before* the code is checked, so a burst of
 *   simultaneous guesses gets no more checks than the budget; a right code
 *   takes its count back, so only failures use the budget.
 * - An unknown rider costs the same work as a known one (the same counters,
 *   one scrypt against a dummy hash), and another company's or location's
 *   rider is simply not found.
 * - A location that is blocked or has no own fleet starts no shift and
 *   registers nobody, but a rider on shift there can still end it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { riderMessages } from '@comanda/domain/messages';
import { phoneToE164 } from '@comanda/domain/phone';
import { riderSecurityCodeValid, riderShiftStart } from '@comanda/domain/rider-forms';
import { riderRegistrationCheck } from '@comanda/domain/rider-phone-checks';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { SECRET_DISABLED, secretHash, secretVerify } from '../lib/secret-hash';
import { customerCodeCounterHit } from '../repositories/customer-auth-repository';
import {
  type RiderRow,
  type RiderVenue,
  riderAtVenueFind,
  riderByPhoneFind,
  riderCounterForgive,
  riderHoldsShipment,
  riderInsert,
  riderShiftSet,
  riderVenueFind,
  riderWhoFind,
} from '../repositories/rider-repository';
import {
  type RiderPrincipal,
  riderAuthMessages,
  riderSessionOpen,
  riderSessionsClose,
} from './rider-session-service';

/** (ours, rider voice: tú) Texts of the shift routes; the spec's own are in `riderMessages`. */
export const riderShiftMessages = {
  venueUnknown: (id: number) => `No existe el local ${id}`,
  noOwnFleet: 'Este local no trabaja con repartidores propios',
  venueBlocked: 'Este local no está habilitado en este momento; consulta con el local',
  notFoundByPhone: 'No hay un repartidor con este teléfono en este local',
  notFound: 'No encontramos a este repartidor en este local',
  retired: 'Ya no figuras como repartidor de este local; consulta con el local',
  phoneTaken:
    'Ya hay un repartidor registrado con este teléfono en este local; ingresa con tu teléfono para iniciar el turno',
  /** Contract (issue 9). */
  shipmentInProgress: 'Tienes un envío en curso; entrégalo o cancélalo antes de finalizar el turno',
  tooManyCodes: (wait: string) =>
    `Demasiados intentos con un código de seguridad equivocado. Vuelve a intentarlo en ${wait}.`,
  tooManyCodesFromAddress: (wait: string) =>
    `Demasiados códigos de seguridad equivocados desde tu conexión. Vuelve a intentarlo en ${wait}.`,
  tooManyLookups: (wait: string) => `Demasiadas búsquedas desde tu conexión. Vuelve a intentarlo en ${wait}.`,
  tooManyRegistrations: (wait: string) =>
    `Demasiados registros desde tu conexión. Vuelve a intentarlo en ${wait}.`,
} as const;

export interface RiderShiftDeps {
  db: Db;
  /** Epoch ms (the app clock). */
  now: number;
  limits: Config['riders'];
  log?: FastifyBaseLogger;
}

/** A started shift's session, as answered once (never stored: only its hash is). */
export interface RiderSessionIssued {
  token: string;
  expiresAt: Date;
}

export interface RiderShiftOutcome {
  rider: RiderRow;
  session: RiderSessionIssued | null;
}

// ------------------------------------------------------------------ limits

const ipDigest = (ip: string) => createHash('sha256').update(ip).digest('hex');

const counterKeys = {
  codeByIp: (ip: string) => `rider-code:ip:${ipDigest(ip)}`,
  // By location and id: a guess sent with another location's id never counts against this location's rider.
  codeByRider: (branchContactId: number, riderId: number) => `rider-code:rider:${branchContactId}:${riderId}`,
  codeByRiderDay: (branchContactId: number, riderId: number) =>
    `rider-code:rider-day:${branchContactId}:${riderId}`,
  lookupByIp: (ip: string) => `rider-lookup:ip:${ipDigest(ip)}`,
  registrationByIp: (ip: string) => `rider-register:ip:${ipDigest(ip)}`,
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** '15 minutos', '1 minuto', '23 horas'. */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 120) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return `${Math.ceil(minutes / 60)} horas`;
}

function tooMany(message: (wait: string) => string, resetAt: Date, now: number): HttpError {
  const ms = Math.max(1000, resetAt.getTime() - now);
  return new HttpError(429, message(waitText(ms)), undefined, { retryAfterSeconds: Math.ceil(ms / 1000) });
}

/** Counts one hit on `key` in a fixed window; answers the count so far and when the window ends. */
function counterHit(
  deps: RiderShiftDeps,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  return customerCodeCounterHit(deps.db, key, new Date(deps.now), windowMs);
}

/** Counts one hit in the limits' window and refuses (429, with the wait) beyond `limit`. */
async function counterTake(
  deps: RiderShiftDeps,
  key: string,
  limit: number,
  message: (wait: string) => string,
): Promise<void> {
  const hit = await counterHit(deps, key, deps.limits.limitWindowMinutes * MINUTE);
  if (hit.count > limit) throw tooMany(message, hit.resetAt, deps.now);
}

// ------------------------------------------------------------------ the location

/** The location, or 404. */
async function venueOf(db: Queryable, branchContactId: number): Promise<RiderVenue> {
  const venue = await riderVenueFind(db, branchContactId);
  if (!venue) throw new HttpError(404, riderShiftMessages.venueUnknown(branchContactId));
  return venue;
}

/** 403 when the location cannot put riders on shift: blocked, or no own fleet. */
function venueTakesShifts(venue: RiderVenue): void {
  if (venue.blocked) throw new HttpError(403, riderShiftMessages.venueBlocked);
  if (!venue.ownLogistics) throw new HttpError(403, riderShiftMessages.noOwnFleet);
}

const retired = (rider: RiderRow) => rider.securityCodeHash === SECRET_DISABLED;

// An unknown rider's code is checked against this, so that it costs one scrypt like a known one's.
let dummyHash: Promise<string> | undefined;
const dummyHashOf = () => {
  dummyHash ??= secretHash(randomBytes(12).toString('hex'));
  return dummyHash;
};

function wrongCode(): HttpError {
  return new HttpError(400, riderMessages.wrongSecurityCode, {
    securityCode: riderMessages.wrongSecurityCode,
  });
}

// ------------------------------------------------------------------ routes

/**
 * `GET /api/rider/bc/phone`: the rider with this phone at the location, so
 * the page knows whether to register, start or end a shift. A rider on shift
 * is answered even where shifts cannot start any more, so the shift can end.
 */
export async function riderShiftLookup(
  deps: RiderShiftDeps,
  input: { branchContactId: number; phone: string; ip: string },
): Promise<RiderRow> {
  await counterTake(
    deps,
    counterKeys.lookupByIp(input.ip),
    deps.limits.lookupsPerIp,
    riderShiftMessages.tooManyLookups,
  );
  const venue = await venueOf(deps.db, input.branchContactId);
  const phone = phoneToE164(input.phone, venue.countryCode.toLowerCase());
  if (!phone) throw new HttpError(400, riderMessages.phoneInvalid, { phone: riderMessages.phoneInvalid });
  const rider = await riderByPhoneFind(deps.db, venue, phone);
  if (rider && retired(rider)) throw new HttpError(403, riderShiftMessages.retired);
  if (rider?.active) return rider;
  venueTakesShifts(venue);
  if (!rider) throw new HttpError(404, riderShiftMessages.notFoundByPhone);
  return rider;
}

/**
 * `POST /api/rider/createwithcode`: registers a rider at the location, not
 * approved, and (with `active`) starts the shift and answers its session.
 */
export async function riderShiftRegister(
  deps: RiderShiftDeps,
  input: {
    branchContactId: number;
    name: string;
    phone: string;
    securityCode: string;
    active: boolean;
    ip: string;
  },
): Promise<RiderShiftOutcome> {
  await counterTake(
    deps,
    counterKeys.registrationByIp(input.ip),
    deps.limits.registrationsPerIp,
    riderShiftMessages.tooManyRegistrations,
  );
  const venue = await venueOf(deps.db, input.branchContactId);
  venueTakesShifts(venue);
  const check = riderRegistrationCheck(input, venue.countryCode.toLowerCase());
  if (!check.phone || check.message) {
    throw new HttpError(400, check.message ?? riderMessages.allRequired, check.fields);
  }
  const phone = check.phone;
  const existing = await riderByPhoneFind(deps.db, venue, phone);
  if (existing && retired(existing)) throw new HttpError(403, riderShiftMessages.retired);
  if (existing) throw new HttpError(409, riderShiftMessages.phoneTaken);

  const securityCodeHash = await secretHash(input.securityCode.trim());
  const at = new Date(deps.now);
  const outcome = await deps.db.transaction(async (tx) => {
    const rider = await riderInsert(tx, {
      venue,
      name: input.name.trim(),
      phone,
      securityCodeHash,
      active: input.active,
      now: at,
    });
    if (!rider) return undefined;
    const session = input.active
      ? await riderSessionOpen(tx, rider, { now: deps.now, shiftHours: deps.limits.shiftHours })
      : null;
    return { rider, session };
  });
  // Another registration of this phone committed between the check and the insert.
  if (!outcome) throw new HttpError(409, riderShiftMessages.phoneTaken);
  return outcome;
}

/**
 * `PUT /api/rider/{riderId}/updatewithcode`: starts (`active: true`, a new
 * session) or ends (`active: false`, every session deleted) the shift of the
 * location's rider, with the rider's security code.
 */
export async function riderShiftUpdate(
  deps: RiderShiftDeps,
  input: { riderId: number; branchContactId: number; active: boolean; securityCode: string; ip: string },
): Promise<RiderShiftOutcome> {
  const venue = await venueOf(deps.db, input.branchContactId);
  if (input.active) venueTakesShifts(venue);
  // A code that cannot be one is not a guess: refused before anything is counted.
  if (!riderSecurityCodeValid(input.securityCode)) throw wrongCode();
  const code = input.securityCode.trim();

  // Every attempt is counted before its check, so simultaneous guesses get no more checks than the
  // budget; an attempt refused by a limit, and a right code, are taken back: the counts are wrong codes.
  const limits = deps.limits;
  const keys = {
    ip: counterKeys.codeByIp(input.ip),
    rider: counterKeys.codeByRider(venue.id, input.riderId),
    riderDay: counterKeys.codeByRiderDay(venue.id, input.riderId),
  };
  const forgive = (...names: (keyof typeof keys)[]) =>
    Promise.all(names.map((name) => riderCounterForgive(deps.db, keys[name], new Date(deps.now))));
  const byIp = await counterHit(deps, keys.ip, limits.limitWindowMinutes * MINUTE);
  if (byIp.count > limits.codeFailuresPerIp) {
    await forgive('ip');
    throw tooMany(riderShiftMessages.tooManyCodesFromAddress, byIp.resetAt, deps.now);
  }
  const rider = await riderAtVenueFind(deps.db, venue, input.riderId);
  // One after the other: the day's count only sees attempts the window let through.
  const byRider = await counterHit(deps, keys.rider, limits.limitWindowMinutes * MINUTE);
  if (byRider.count > limits.codeFailuresPerRider) {
    await forgive('ip', 'rider');
    throw tooMany(riderShiftMessages.tooManyCodes, byRider.resetAt, deps.now);
  }
  const byRiderDay = await counterHit(deps, keys.riderDay, DAY);
  if (byRiderDay.count > limits.codeFailuresPerRiderPerDay) {
    await forgive('ip', 'rider', 'riderDay');
    throw tooMany(riderShiftMessages.tooManyCodes, byRiderDay.resetAt, deps.now);
  }

  const usable = rider !== undefined && !retired(rider);
  const right = (await secretVerify(code, usable ? rider.securityCodeHash : await dummyHashOf())) && usable;
  if (!rider) throw new HttpError(404, riderShiftMessages.notFound);
  if (retired(rider)) throw new HttpError(403, riderShiftMessages.retired);
  if (!right) {
    if (
      byRider.count === limits.codeFailuresPerRider ||
      byRiderDay.count === limits.codeFailuresPerRiderPerDay
    ) {
      // Whoever runs the service hears of a locked rider (once per lock), never of the codes tried.
      deps.log?.warn(
        { riderId: rider.id, branchContactId: venue.id },
        'rider security code: attempts exhausted',
      );
    }
    throw wrongCode();
  }
  await forgive('ip', 'rider', 'riderDay');

  const at = new Date(deps.now);
  return deps.db.transaction(async (tx) => {
    // Locked: a shift ending and a shipment being taken by the same rider do not interleave here.
    const locked = await riderAtVenueFind(tx, venue, rider.id, { lock: true });
    if (!locked) throw new HttpError(404, riderShiftMessages.notFound);
    if (!input.active) {
      if (await riderHoldsShipment(tx, locked))
        throw new HttpError(409, riderShiftMessages.shipmentInProgress);
      const ended = await riderShiftSet(tx, locked, null, at);
      await riderSessionsClose(tx, locked.id);
      return { rider: ended, session: null };
    }
    const started = await riderShiftSet(tx, locked, riderShiftStart(locked, at, deps.limits.shiftHours), at);
    const session = await riderSessionOpen(tx, started, {
      now: deps.now,
      shiftHours: deps.limits.shiftHours,
    });
    return { rider: started, session };
  });
}

/** `GET /api/whoami`: the rider of the session and the location, read fresh (approval may have changed). */
export async function riderWhoami(db: Queryable, principal: RiderPrincipal) {
  const found = await riderWhoFind(db, {
    riderId: principal.id,
    companyId: principal.companyId,
    branchContactId: principal.branchContactId,
  });
  // The session was live a moment ago; a rider deleted since (a tenant import) has no identity to tell.
  if (!found) throw new HttpError(401, riderAuthMessages.sessionExpired);
  return found;
}
