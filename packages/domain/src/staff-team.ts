/**
 * Who may lose the OWNER role or access (ADR 056): an OWNER never removes or
 * demotes themself, and a company always keeps at least one OWNER who can
 * sign in. The API calls this under a lock of the company's owners, so the
 * rule holds for concurrent changes too.
 */

export type StaffTeamRole = 'OWNER' | 'STAFF';

export interface StaffTeamOwner {
  id: number;
  /** Has a password and access (invited or removed owners cannot manage anything). */
  active: boolean;
}

export type StaffTeamChange =
  | { kind: 'remove'; targetId: number; targetRole: StaffTeamRole }
  | { kind: 'role'; targetId: number; from: StaffTeamRole; to: StaffTeamRole };

export type StaffTeamRefusal = 'SELF_REMOVE' | 'SELF_DEMOTE' | 'LAST_OWNER';

/** Whether `callerId` may make `change`, given the company's owners; the refusal when not. */
export function staffTeamChangeCheck(
  callerId: number,
  change: StaffTeamChange,
  owners: readonly StaffTeamOwner[],
): { ok: true } | { ok: false; refusal: StaffTeamRefusal } {
  const losesOwner =
    change.kind === 'remove'
      ? change.targetRole === 'OWNER'
      : change.from === 'OWNER' && change.to !== 'OWNER';
  if (change.targetId === callerId) {
    if (change.kind === 'remove') return { ok: false, refusal: 'SELF_REMOVE' };
    if (losesOwner) return { ok: false, refusal: 'SELF_DEMOTE' };
  }
  if (losesOwner && !owners.some((owner) => owner.active && owner.id !== change.targetId))
    return { ok: false, refusal: 'LAST_OWNER' };
  return { ok: true };
}

/** A STAFF member works somewhere: at least one location. An OWNER works everywhere and lists none. */
export function staffTeamLocationsMissing(role: StaffTeamRole, locationIds: readonly number[]): boolean {
  return role === 'STAFF' && locationIds.length === 0;
}
