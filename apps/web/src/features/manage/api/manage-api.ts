/**
 * The venue management screens' reads shared by every tab (`/api/console/*`),
 * through the app's one HTTP client with the staff session's bearer header.
 * Each tab keeps its own calls in its own file beside this one.
 */
import { apiRequest } from '../../../lib/api-client';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A location the staff member may manage (from `GET /api/console/branchcontacts`). */
export interface ManagedLocation {
  id: number;
  alias: string;
  name: string;
}

export function manageLocations(token: string): Promise<ManagedLocation[]> {
  return apiRequest<ManagedLocation[]>('/console/branchcontacts', { headers: bearer(token) }).then((rows) =>
    rows.map(({ id, alias, name }) => ({ id, alias, name })),
  );
}

/** One changed value of a venue change (`GET /api/console/changes`). */
export interface ChangedValue {
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface VenueChange {
  id: number;
  at: string;
  staffName: string;
  subject: string;
  subjectName: string;
  branchContactId: number | null;
  changes: ChangedValue[];
  more: boolean;
}

export function manageChanges(
  token: string,
  page: { beforeId?: number | null },
): Promise<{ changes: VenueChange[]; nextBeforeId: number | null }> {
  const query = page.beforeId ? `&beforeId=${page.beforeId}` : '';
  return apiRequest(`/console/changes?limit=30${query}`, { headers: bearer(token) });
}
