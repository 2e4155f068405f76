/**
 * The OWNER manages the company's staff from the console (ADR 056): invites
 * a person by email with a role and their locations, changes them, issues a
 * password reset link, and removes access.
 *
 * - An invited account has a password hash no password verifies (`STAFF_INVITED`,
 *   not `scrypt$…`): it cannot sign in until its link sets a password.
 * - Links are 32 random bytes; only their sha256 is stored. The console shows
 *   the link once, with the token in the URL's fragment (never sent to a server).
 * - Removal stores `SECRET_DISABLED` as the tenant import does: the credentials
 *   stamp of every session stops matching, so they end at once; the sessions
 *   are deleted and their sockets disconnected too, and pending links revoked.
 * - Every change of roles or access locks the company's OWNER rows first, so
 *   "an OWNER cannot remove or demote themself nor the last OWNER" holds under
 *   concurrent requests.
 */
import { PAGE_STAFF_PASSWORD } from '@comanda/domain/page-paths';
import {
  type StaffTeamChange,
  type StaffTeamRefusal,
  staffTeamChangeCheck,
  staffTeamLocationsMissing,
} from '@comanda/domain/staff-team';
import type { Db, Queryable, Tx } from '../db/client';
import { conflict, HttpError, notFound, unauthorized } from '../lib/http-error';
import { SECRET_DISABLED } from '../lib/secret-hash';
import type { StaffUserRow } from '../repositories/staff-repository';
import { staffUserByEmail } from '../repositories/staff-repository';
import {
  type StaffLinkPurpose,
  staffLinkInsert,
  staffLinksPending,
  staffLinksRevoke,
  teamCompanyLocations,
  teamMemberInsert,
  teamMemberLocations,
  teamMemberLocationsSet,
  teamMemberLock,
  teamMemberSessionsDelete,
  teamMembers,
  teamMemberUpdate,
  teamOwnersLock,
} from '../repositories/staff-team-repository';
import { type StaffPrincipal, staffAuthMessages, staffTokenHash, staffTokenNew } from './staff-auth-service';
import { venueOwnerOnly } from './venue-edit';
import { venueChangeRecord } from './venue-history';

/** The hash of an invited account: not `scrypt$…`, so nothing verifies, and not SECRET_DISABLED, so it exports. */
export const STAFF_INVITED = '!invited';
/** How long a link works. */
export const STAFF_LINK_HOURS = 72;

/** (ours) Texts of managing the staff. */
export const staffTeamMessages = {
  ownerOnly: 'Solo el dueño puede gestionar el equipo',
  memberNotFound: (id: number) => `No existe la persona ${id} en su equipo`,
  locationNotFound: (id: number) => `No existe el local ${id}`,
  emailTaken: 'Ese email ya tiene una cuenta',
  locationsRequired: 'Elija al menos un local',
  nameRequired: 'Escriba el nombre',
  selfRemove: 'No puede quitarse el acceso a usted mismo',
  selfDemote: 'No puede quitarse a usted mismo el rol de dueño',
  lastOwner: 'La empresa debe conservar al menos un dueño con acceso',
  removed: 'Esta persona ya no tiene acceso: invítela de nuevo para devolvérselo',
} as const;

export type StaffAccess = 'ACTIVE' | 'INVITED' | 'DISABLED';

/** What a stored hash says about the account's access. */
export function staffAccessOf(passwordHash: string): StaffAccess {
  if (passwordHash.startsWith('scrypt$')) return 'ACTIVE';
  return passwordHash === SECRET_DISABLED ? 'DISABLED' : 'INVITED';
}

export interface TeamLocation {
  id: number;
  alias: string;
  name: string;
}

/** One member as the 'Equipo' tab lists them. */
export interface TeamMemberView {
  id: number;
  name: string;
  email: string;
  role: 'OWNER' | 'STAFF';
  /** The listed locations (an OWNER sees every location whatever is listed). */
  branchContacts: TeamLocation[];
  state: StaffAccess;
  /** The pending link, if any (its token is never shown again). */
  pendingLink: { purpose: StaffLinkPurpose; expiresAt: string } | null;
}

export interface TeamDeps {
  db: Db;
  now: () => number;
  /** Where the console is served (CONSOLE_ORIGIN, else PUBLIC_URL): the links point there. */
  consoleBaseUrl: string;
}

/** A link for a person to open: the token travels in the fragment only. */
export interface TeamLink {
  url: string;
  purpose: StaffLinkPurpose;
  expiresAt: string;
}

async function memberViews(db: Queryable, rows: StaffUserRow[], now: Date): Promise<TeamMemberView[]> {
  const ids = rows.map((row) => row.id);
  const locations = await teamMemberLocations(db, ids);
  const pending = new Map((await staffLinksPending(db, ids, now)).map((link) => [link.staffUserId, link]));
  return rows.map((row) => {
    const link = pending.get(row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      branchContacts: locations.get(row.id) ?? [],
      state: staffAccessOf(row.passwordHash),
      pendingLink: link ? { purpose: link.purpose, expiresAt: link.expiresAt.toISOString() } : null,
    };
  });
}

async function memberView(db: Queryable, row: StaffUserRow, now: Date): Promise<TeamMemberView> {
  return (await memberViews(db, [row], now))[0]!;
}

/** The history's picture of a member: no secrets, locations by alias. */
function memberSnapshot(view: TeamMemberView) {
  return {
    name: view.name,
    role: view.role,
    branchContacts: view.branchContacts.map((location) => location.alias),
    access: view.state,
    linkPurpose: view.pendingLink?.purpose ?? null,
    linkExpiresAt: view.pendingLink?.expiresAt ?? null,
  };
}

/** `GET /api/console/staff`. */
export async function teamList(deps: TeamDeps, staff: StaffPrincipal): Promise<TeamMemberView[]> {
  venueOwnerOnly(staff, staffTeamMessages.ownerOnly);
  return memberViews(deps.db, await teamMembers(deps.db, staff.companyId), new Date(deps.now()));
}

/** The company's locations among `ids` (404 for any other), deduplicated. */
async function locationsOfCompany(db: Queryable, staff: StaffPrincipal, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = new Set((await teamCompanyLocations(db, staff.companyId, wanted)).map((row) => row.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(staffTeamMessages.locationNotFound(missing));
  return wanted;
}

/**
 * Locks the company's owners and checks the caller is still one with access
 * (a caller removed a moment ago by another owner is a session that ended).
 */
async function ownersLocked(tx: Queryable, staff: StaffPrincipal): Promise<StaffUserRow[]> {
  const owners = await teamOwnersLock(tx, staff.companyId);
  const me = owners.find((row) => row.id === staff.id);
  if (!me || staffAccessOf(me.passwordHash) !== 'ACTIVE')
    throw unauthorized(staffAuthMessages.sessionExpired);
  return owners;
}

const REFUSALS: Record<StaffTeamRefusal, string> = {
  SELF_REMOVE: staffTeamMessages.selfRemove,
  SELF_DEMOTE: staffTeamMessages.selfDemote,
  LAST_OWNER: staffTeamMessages.lastOwner,
};

/** The domain's owner rule (packages/domain staff-team.ts) over the locked owners; 409 when refused. */
function ownerRuleCheck(staff: StaffPrincipal, owners: StaffUserRow[], change: StaffTeamChange): void {
  const verdict = staffTeamChangeCheck(
    staff.id,
    change,
    owners.map((row) => ({ id: row.id, active: staffAccessOf(row.passwordHash) === 'ACTIVE' })),
  );
  if (!verdict.ok) throw conflict(REFUSALS[verdict.refusal]);
}

const locationsRequired = () =>
  new HttpError(400, staffTeamMessages.locationsRequired, {
    'body.branchContactIds': staffTeamMessages.locationsRequired,
  });

async function linkIssue(
  tx: Queryable,
  deps: TeamDeps,
  staff: StaffPrincipal,
  member: StaffUserRow,
  purpose: StaffLinkPurpose,
): Promise<TeamLink> {
  const now = new Date(deps.now());
  await staffLinksRevoke(tx, member.id, now);
  const token = staffTokenNew();
  const expiresAt = new Date(now.getTime() + STAFF_LINK_HOURS * 3_600_000);
  await staffLinkInsert(tx, {
    tokenHash: staffTokenHash(token),
    companyId: member.companyId,
    staffUserId: member.id,
    purpose,
    expiresAt,
    createdBy: staff.id,
    createdAt: now,
  });
  return {
    url: `${deps.consoleBaseUrl}${PAGE_STAFF_PASSWORD}#${token}`,
    purpose,
    expiresAt: expiresAt.toISOString(),
  };
}

function isEmailTaken(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (constraint ?? '').includes('email')) return true;
  }
  return false;
}

export interface TeamInvite {
  name: string;
  email: string;
  role: 'OWNER' | 'STAFF';
  branchContactIds: number[];
}

/**
 * `POST /api/console/staff`: a new account without a usable password and its
 * INVITE link. An email of an account this company removed invites that
 * account again (its history stays one person's); any other existing email is 409.
 */
export async function teamInvite(
  deps: TeamDeps,
  staff: StaffPrincipal,
  input: TeamInvite,
): Promise<{ staff: TeamMemberView; link: TeamLink }> {
  venueOwnerOnly(staff, staffTeamMessages.ownerOnly);
  const name = input.name.trim();
  if (!name)
    throw new HttpError(400, staffTeamMessages.nameRequired, { 'body.name': staffTeamMessages.nameRequired });
  const email = input.email.trim().toLowerCase();
  const locations = await locationsOfCompany(deps.db, staff, input.branchContactIds);
  if (staffTeamLocationsMissing(input.role, locations)) throw locationsRequired();
  const now = new Date(deps.now());
  try {
    return await deps.db.transaction(async (tx) => {
      await ownersLocked(tx, staff);
      const existing = await staffUserByEmail(tx, email);
      if (
        existing &&
        (existing.companyId !== staff.companyId || staffAccessOf(existing.passwordHash) !== 'DISABLED')
      )
        throw conflict(staffTeamMessages.emailTaken);
      const before = existing ? memberSnapshot(await memberView(tx, existing, now)) : {};
      const values = {
        companyId: staff.companyId,
        name,
        email,
        passwordHash: STAFF_INVITED,
        role: input.role,
      };
      const member = existing
        ? await teamMemberUpdate(tx, existing.id, values)
        : await teamMemberInsert(tx, values);
      await teamMemberLocationsSet(tx, member.id, input.role === 'OWNER' ? [] : locations);
      const link = await linkIssue(tx, deps, staff, member, 'INVITE');
      const view = await memberView(tx, member, now);
      await venueChangeRecord(tx, staff, {
        at: now,
        subject: 'staff',
        subjectName: email,
        branchContactId: null,
        before,
        after: memberSnapshot(view),
      });
      return { staff: view, link };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw conflict(staffTeamMessages.emailTaken);
    throw error;
  }
}

export interface TeamChange {
  name?: string;
  role?: 'OWNER' | 'STAFF';
  branchContactIds?: number[];
}

/** `PATCH /api/console/staff/{id}`: name, role, locations. */
export async function teamChange(
  deps: TeamDeps,
  staff: StaffPrincipal,
  id: number,
  input: TeamChange,
): Promise<TeamMemberView> {
  venueOwnerOnly(staff, staffTeamMessages.ownerOnly);
  const name = input.name?.trim();
  if (name === '')
    throw new HttpError(400, staffTeamMessages.nameRequired, { 'body.name': staffTeamMessages.nameRequired });
  const locations =
    input.branchContactIds === undefined
      ? undefined
      : await locationsOfCompany(deps.db, staff, input.branchContactIds);
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const owners = await ownersLocked(tx, staff);
    const member = await teamMemberLock(tx, staff.companyId, id);
    if (!member) throw notFound(staffTeamMessages.memberNotFound(id));
    if (staffAccessOf(member.passwordHash) === 'DISABLED') throw conflict(staffTeamMessages.removed);
    const role = input.role ?? member.role;
    ownerRuleCheck(staff, owners, { kind: 'role', targetId: member.id, from: member.role, to: role });
    const before = await memberView(tx, member, now);
    const kept = locations ?? before.branchContacts.map((location) => location.id);
    if (staffTeamLocationsMissing(role, kept)) throw locationsRequired();
    const updated = await teamMemberUpdate(tx, member.id, { name: name ?? member.name, role });
    await teamMemberLocationsSet(tx, member.id, role === 'OWNER' ? [] : kept);
    const after = await memberView(tx, updated, now);
    await staffChangeRecord(tx, staff, member.email, memberSnapshot(before), after, now);
    return after;
  });
}

/**
 * `POST /api/console/staff/{id}/reset`: a new link (RESET for an account with
 * a password, a fresh INVITE for one still invited); earlier unused links stop
 * working. The current password keeps working until the link is used.
 */
export async function teamReset(
  deps: TeamDeps,
  staff: StaffPrincipal,
  id: number,
): Promise<{ staff: TeamMemberView; link: TeamLink }> {
  venueOwnerOnly(staff, staffTeamMessages.ownerOnly);
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    await ownersLocked(tx, staff);
    const member = await teamMemberLock(tx, staff.companyId, id);
    if (!member) throw notFound(staffTeamMessages.memberNotFound(id));
    const access = staffAccessOf(member.passwordHash);
    if (access === 'DISABLED') throw conflict(staffTeamMessages.removed);
    const before = await memberView(tx, member, now);
    const link = await linkIssue(tx, deps, staff, member, access === 'INVITED' ? 'INVITE' : 'RESET');
    const after = await memberView(tx, member, now);
    await staffChangeRecord(tx, staff, member.email, memberSnapshot(before), after, now);
    return { staff: after, link };
  });
}

/**
 * `DELETE /api/console/staff/{id}`: access removed (the account stays, for the
 * orders it handled and to be invited again). Answers the member and the
 * token hashes of the sessions that ended (their sockets are for the caller to disconnect).
 */
export async function teamRemove(
  deps: TeamDeps,
  staff: StaffPrincipal,
  id: number,
): Promise<{ staff: TeamMemberView; endedSessions: string[] }> {
  venueOwnerOnly(staff, staffTeamMessages.ownerOnly);
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    const owners = await ownersLocked(tx, staff);
    const member = await teamMemberLock(tx, staff.companyId, id);
    if (!member) throw notFound(staffTeamMessages.memberNotFound(id));
    ownerRuleCheck(staff, owners, { kind: 'remove', targetId: member.id, targetRole: member.role });
    const before = await memberView(tx, member, now);
    if (before.state === 'DISABLED') return { staff: before, endedSessions: [] };
    const updated = await teamMemberUpdate(tx, member.id, { passwordHash: SECRET_DISABLED });
    const endedSessions = await teamMemberSessionsDelete(tx, member.id);
    await teamMemberLocationsSet(tx, member.id, []);
    await staffLinksRevoke(tx, member.id, now);
    const after = await memberView(tx, updated, now);
    await staffChangeRecord(tx, staff, member.email, memberSnapshot(before), after, now);
    return { staff: after, endedSessions };
  });
}

/** A change to a staff account in the history: the email names it; the snapshots hold no secret. */
async function staffChangeRecord(
  tx: Tx,
  staff: StaffPrincipal,
  email: string,
  before: unknown,
  after: TeamMemberView,
  at: Date,
): Promise<void> {
  await venueChangeRecord(tx, staff, {
    at,
    subject: 'staff',
    subjectName: email,
    branchContactId: null,
    before,
    after: memberSnapshot(after),
  });
}
