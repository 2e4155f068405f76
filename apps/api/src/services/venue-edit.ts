/**
 * Saving one part of the venue from the console's management screens (a
 * menu, a location's hours and modes, its delivery zones): the part goes
 * through the tenant import's validator and writer (tenant/tenant-edit.ts),
 * the change is recorded in the history in the same transaction, and after
 * commit every process's caches follow (ADR 051).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { conflict, HttpError, notFound } from '../lib/http-error';
import {
  type TenantPartLocate,
  type TenantPartRead,
  tenantPartFields,
  tenantPartRead,
  tenantPartWrite,
} from '../tenant/tenant-edit';
import { ImportRefused } from '../tenant/tenant-import';
import { contentChangedPublish } from './content-cache';
import type { StaffPrincipal } from './staff-auth-service';
import { type VenueSubject, venueChangeRecord } from './venue-history';

export const venueEditMessages = {
  missing: 'Eso ya no existe: recargue la página',
  conflict:
    'Otra persona cambió esto mientras usted lo editaba. Revise los datos actuales y vuelva a guardar.',
  invalid: 'Revise los datos marcados',
} as const;

export interface VenueEditDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The app's clock (the history's instant). */
  now: () => number;
}

export interface VenuePartSave<T> {
  locate: TenantPartLocate<T>;
  value: T;
  /** The version the editor read (`TenantPartRead.version`); absent: save whatever is there now. */
  baseVersion?: string;
  subject: VenueSubject;
  subjectName: string;
  branchContactId: number | null;
}

/** A part of the staff member's company as the editor shows it; 404 when it is not there. */
export async function venuePartGet<T>(
  db: Db,
  staff: StaffPrincipal,
  locate: TenantPartLocate<T>,
): Promise<TenantPartRead<T>> {
  const read = await tenantPartRead(db, staff.companyId, locate);
  if (!read) throw notFound(venueEditMessages.missing);
  return read;
}

/**
 * Saves a part. Answers the part as stored and its new version, and whether
 * anything changed (saving what is there writes nothing, records nothing).
 * 400 with a message per field (paths relative to the part) when the tenant
 * rules refuse it; 409 with the current part when it moved since
 * `baseVersion`; 404 when it is gone.
 */
export async function venuePartSave<T>(
  deps: VenueEditDeps,
  staff: StaffPrincipal,
  save: VenuePartSave<T>,
): Promise<{ changed: boolean } & TenantPartRead<T>> {
  let written: Awaited<ReturnType<typeof tenantPartWrite<T>>>;
  let partPath = '';
  try {
    written = await deps.db.transaction(async (tx) => {
      const result = await tenantPartWrite(
        tx,
        staff.companyId,
        (file) => {
          const part = save.locate(file);
          if (part) partPath = part.path;
          return part;
        },
        save.value,
        save.baseVersion,
      );
      if (result.outcome === 'saved' && result.changed) {
        await venueChangeRecord(tx, staff, {
          at: new Date(deps.now()),
          subject: save.subject,
          subjectName: save.subjectName,
          branchContactId: save.branchContactId,
          before: result.before,
          after: result.after,
        });
      }
      return result;
    });
  } catch (error) {
    if (error instanceof ImportRefused) {
      throw new HttpError(400, venueEditMessages.invalid, tenantPartFields(partPath, error.errors));
    }
    throw error;
  }
  switch (written.outcome) {
    case 'missing':
      throw notFound(venueEditMessages.missing);
    case 'conflict':
      throw conflict(venueEditMessages.conflict, { current: written.current });
    case 'invalid':
      throw new HttpError(400, venueEditMessages.invalid, written.fields);
  }
  if (written.changed) {
    try {
      await contentChangedPublish(deps.db, staff.companyId);
    } catch (error) {
      // Committed: the other processes' safety net catches up within seconds.
      deps.log.error({ err: error }, 'content change publish failed after a venue edit');
    }
  }
  return { changed: written.changed, value: written.after, version: written.version };
}

/** For the management routes: the OWNER only (403 in Spanish otherwise). */
export function venueOwnerOnly(staff: StaffPrincipal, message: string): void {
  if (staff.role !== 'OWNER') throw new HttpError(403, message);
}
