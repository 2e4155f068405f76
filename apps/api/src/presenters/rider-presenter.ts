/**
 * Riders as the shift page and the rider app read them (contract of issue 9,
 * ADR 022). The security code — and its hash — is never part of an answer:
 * these schemas also serialize the answers, so a field they do not name cannot
 * leave.
 */
import { Type } from 'typebox';
import type { RiderRow } from '../repositories/rider-repository';

/** Every refusal of the rider routes: a Spanish message, one per field on a 400, the wait on a 429. */
export const RiderErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});

export const RiderSessionSchema = Type.Object({
  token: Type.String({
    description:
      'Opaque bearer token of this shift: send as `Authorization: Bearer <token>`; shown only here, never in a URL',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'RIDER_SHIFT_HOURS after the shift started' }),
});

export const RiderSchema = Type.Object({
  id: Type.Integer(),
  riderId: Type.Integer({ description: 'The same as `id` (the spec names it both ways)' }),
  name: Type.String(),
  phone: Type.String({ description: 'E.164' }),
  active: Type.Boolean({ description: 'On shift' }),
  approved: Type.Boolean({
    description: 'The venue lets this rider take its shipments (registered riders wait for it)',
  }),
  riderUser: Type.Object({ branchContact: Type.Object({ id: Type.Integer() }) }),
  session: Type.Optional(RiderSessionSchema),
});

export const WhoamiSchema = Type.Object({
  riderId: Type.Integer(),
  name: Type.String(),
  phone: Type.String({ description: 'E.164' }),
  approved: Type.Boolean(),
  branchContact: Type.Object({ id: Type.Integer(), alias: Type.String(), name: Type.String() }),
});

/** A rider for the shift page, with the session of a shift it just started. */
export function riderPresent(rider: RiderRow, session?: { token: string; expiresAt: Date } | null) {
  return {
    id: rider.id,
    riderId: rider.id,
    name: rider.name,
    phone: rider.phone,
    active: rider.active,
    approved: rider.approved,
    riderUser: { branchContact: { id: rider.branchContactId } },
    ...(session ? { session: { token: session.token, expiresAt: session.expiresAt.toISOString() } } : {}),
  };
}

/** `GET /api/whoami`. */
export function riderWhoamiPresent(found: {
  rider: RiderRow;
  branchContact: { id: number; alias: string; name: string };
}) {
  return {
    riderId: found.rider.id,
    name: found.rider.name,
    phone: found.rider.phone,
    approved: found.rider.approved,
    branchContact: found.branchContact,
  };
}
