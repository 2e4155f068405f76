import { and, desc, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { venueChanges } from '../db/schema';

export type VenueChangeRow = typeof venueChanges.$inferSelect;
export type VenueChangeInsert = typeof venueChanges.$inferInsert;

export async function venueChangeInsert(db: Queryable, row: VenueChangeInsert): Promise<void> {
  await db.insert(venueChanges).values(row);
}

/** A company's changes, newest first; `beforeId` pages back. */
export async function venueChangesPage(
  db: Queryable,
  companyId: number,
  options: { limit: number; beforeId?: number; branchContactId?: number },
): Promise<VenueChangeRow[]> {
  return db
    .select()
    .from(venueChanges)
    .where(
      and(
        eq(venueChanges.companyId, companyId),
        options.beforeId === undefined ? undefined : lt(venueChanges.id, options.beforeId),
        options.branchContactId === undefined
          ? undefined
          : eq(venueChanges.branchContactId, options.branchContactId),
      ),
    )
    .orderBy(desc(venueChanges.id))
    .limit(options.limit);
}
