/**
 * The record of what was changed from the console's management screens
 * (ADR 051): written in the change's own transaction, so a change that
 * committed is always in the history and one that rolled back never is.
 * Only the OWNER reads it.
 */
import type { Queryable } from '../db/client';
import { forbidden } from '../lib/http-error';
import { JSON_CHANGES_MAX, type JsonChange, jsonChanges } from '../lib/json-changes';
import {
  type VenueChangeRow,
  venueChangeInsert,
  venueChangesPage,
} from '../repositories/venue-change-repository';
import type { StaffPrincipal } from './staff-auth-service';

/** What kind of thing a change was made to (the history's filter and its Spanish label in the console). */
export const VENUE_SUBJECTS = [
  'soldOut',
  'menu',
  'garnishGroups',
  'menuDiscounts',
  'orderModes',
  'deliveryZones',
  'staff',
] as const;
export type VenueSubject = (typeof VENUE_SUBJECTS)[number];

export const venueHistoryMessages = {
  ownerOnly: 'Solo el dueño puede ver el historial de cambios',
} as const;

export interface VenueChange {
  /** When, by the app's clock. */
  at: Date;
  subject: VenueSubject;
  /** Which one, as a person reads it (the menu's name, the location's, a staff member's email). */
  subjectName: string;
  /** The location it belongs to; null for the brand's or the company's things. */
  branchContactId: number | null;
  before: unknown;
  after: unknown;
}

/**
 * Records a change made by `staff`, inside the transaction that made it. Only
 * what differs is kept (leaf by leaf, lists matched by key); an edit too big
 * to list keeps its count.
 */
export async function venueChangeRecord(
  tx: Queryable,
  staff: StaffPrincipal,
  change: VenueChange,
): Promise<void> {
  const changes = jsonChanges(change.before, change.after);
  if (changes.length === 0) return;
  const listed = changes.slice(0, JSON_CHANGES_MAX);
  await venueChangeInsert(tx, {
    companyId: staff.companyId,
    branchContactId: change.branchContactId,
    staffUserId: staff.id,
    staffName: staff.name,
    createdAt: change.at,
    subject: change.subject,
    subjectName: change.subjectName,
    changes: { list: listed, more: changes.length > JSON_CHANGES_MAX },
  });
}

export interface VenueChangeView {
  id: number;
  at: string;
  staffName: string;
  subject: VenueSubject;
  subjectName: string;
  branchContactId: number | null;
  changes: JsonChange[];
  /** True when the edit changed more than the listed leaves. */
  more: boolean;
}

function venueChangePresent(row: VenueChangeRow): VenueChangeView {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staffName: row.staffName,
    subject: row.subject as VenueSubject,
    subjectName: row.subjectName,
    branchContactId: row.branchContactId,
    changes: row.changes.list,
    more: row.changes.more,
  };
}

/** The company's changes, newest first, for its OWNER (403 for anyone else). */
export async function venueChangesList(
  db: Queryable,
  staff: StaffPrincipal,
  options: { limit: number; beforeId?: number; branchContactId?: number },
): Promise<{ changes: VenueChangeView[]; nextBeforeId: number | null }> {
  if (staff.role !== 'OWNER') throw forbidden(venueHistoryMessages.ownerOnly);
  const rows = await venueChangesPage(db, staff.companyId, { ...options, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  return {
    changes: page.map(venueChangePresent),
    nextBeforeId: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
