/**
 * The 'Equipo' tab's calls (`/api/console/staff`, owner only) and the public
 * one-time password link's (`/api/staff/password-link`): the link's token
 * travels in a header or a body, never in a URL.
 */
import { apiRequest } from '../../../lib/api-client';
import type { StaffSession } from '../../../lib/staff-session';
import { bearer } from './manage-api';

export type TeamRole = 'OWNER' | 'STAFF';
export type TeamState = 'ACTIVE' | 'INVITED' | 'DISABLED';
export type LinkPurpose = 'INVITE' | 'RESET';

export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: TeamRole;
  branchContacts: { id: number; alias: string; name: string }[];
  state: TeamState;
  pendingLink: { purpose: LinkPurpose; expiresAt: string } | null;
}

/** A link shown once, to copy or send by email. */
export interface TeamLink {
  url: string;
  purpose: LinkPurpose;
  expiresAt: string;
}

export interface TeamInvite {
  name: string;
  email: string;
  role: TeamRole;
  branchContactIds: number[];
}

export function teamList(token: string): Promise<TeamMember[]> {
  return apiRequest<{ staff: TeamMember[] }>('/console/staff', { headers: bearer(token) }).then(
    (a) => a.staff,
  );
}

export function teamInvite(
  token: string,
  invite: TeamInvite,
): Promise<{ staff: TeamMember; link: TeamLink }> {
  return apiRequest('/console/staff', { method: 'POST', headers: bearer(token), body: invite });
}

export function teamChange(
  token: string,
  id: number,
  change: Partial<Pick<TeamInvite, 'name' | 'role' | 'branchContactIds'>>,
): Promise<TeamMember> {
  return apiRequest<{ staff: TeamMember }>(`/console/staff/${id}`, {
    method: 'PATCH',
    headers: bearer(token),
    body: change,
  }).then((a) => a.staff);
}

export function teamReset(token: string, id: number): Promise<{ staff: TeamMember; link: TeamLink }> {
  return apiRequest(`/console/staff/${id}/reset`, { method: 'POST', headers: bearer(token) });
}

export function teamRemove(token: string, id: number): Promise<TeamMember> {
  return apiRequest<{ staff: TeamMember }>(`/console/staff/${id}`, {
    method: 'DELETE',
    headers: bearer(token),
  }).then((a) => a.staff);
}

export interface PasswordLink {
  name: string;
  email: string;
  purpose: LinkPurpose;
  expiresAt: string;
}

export function passwordLinkRead(linkToken: string): Promise<PasswordLink> {
  return apiRequest('/staff/password-link', { headers: { authorization: `Link ${linkToken}` } });
}

export function passwordLinkUse(linkToken: string, password: string): Promise<StaffSession> {
  return apiRequest('/staff/password-link', { method: 'POST', body: { token: linkToken, password } });
}
