/**
 * A signed-in staff member changes their own password (`POST /api/staff/password`).
 *
 * The calling session carries on (it is re-stamped with the new hash); every
 * other session of the account ends at once, and their sockets are
 * disconnected after the commit. A password changed any other way (a tenant
 * import) ends every session through the stamp check alone: see
 * `staffCredentialsStamp` and docs/decisions/019-staff-access-revocation.md.
 *
 * The current password is checked through the login throttle's (email, IP)
 * pair, so a stolen session cannot be used to guess it quickly either.
 */
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import { secretHash, secretVerify } from '../lib/secret-hash';
import {
  staffPasswordHashSet,
  staffSessionStampSet,
  staffSessionsOthersDelete,
  staffUserById,
} from '../repositories/staff-repository';
import {
  type StaffPrincipal,
  staffAuthMessages,
  staffCredentialsStamp,
  staffLoginPairKey,
  staffPairGate,
} from './staff-auth-service';
import type { LoginThrottle } from './staff-login-throttle';

/** Shortest new password; long enough that the login throttle makes guessing it hopeless. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;

/** (ours) Texts of the password change. */
export const staffPasswordMessages = {
  currentWrong: 'La contraseña actual no es correcta',
  sameAsCurrent: 'Debe ser distinta de la contraseña actual',
  refused: 'No se pudo cambiar la contraseña',
} as const;

export interface StaffPasswordDeps {
  db: Db;
  now: () => number;
  throttle: LoginThrottle;
}

/**
 * Checks the current password, stores the new one and ends the account's
 * other sessions; answers the token hashes of the sessions that ended (their
 * sockets are for the caller to disconnect, after this commit).
 */
export async function staffPasswordChange(
  deps: StaffPasswordDeps,
  staff: StaffPrincipal,
  input: { currentPassword: string; newPassword: string; ip: string },
): Promise<{ endedSessions: string[] }> {
  const pairKey = staffLoginPairKey(staff.email, input.ip);
  await staffPairGate(deps, pairKey);
  const user = await staffUserById(deps.db, staff.companyId, staff.id);
  // The session resolved a moment ago; an account gone since then is a session that ended.
  if (!user?.passwordHash.startsWith('scrypt$')) throw new HttpError(401, staffAuthMessages.sessionExpired);
  if (!(await secretVerify(input.currentPassword, user.passwordHash))) {
    throw new HttpError(400, staffPasswordMessages.refused, {
      'body.currentPassword': staffPasswordMessages.currentWrong,
    });
  }
  await deps.throttle.clear(pairKey);
  if (input.newPassword === input.currentPassword) {
    throw new HttpError(400, staffPasswordMessages.refused, {
      'body.newPassword': staffPasswordMessages.sameAsCurrent,
    });
  }
  const passwordHash = await secretHash(input.newPassword);
  const endedSessions = await deps.db.transaction(async (tx) => {
    await staffPasswordHashSet(tx, user, passwordHash);
    await staffSessionStampSet(tx, user, staff.tokenHash, staffCredentialsStamp(passwordHash));
    return staffSessionsOthersDelete(tx, user, staff.tokenHash);
  });
  return { endedSessions };
}
