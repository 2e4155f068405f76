/**
 * Sold out now (issue 19, ADR 052): the console marks a plate, a size or a
 * garnish item 'Agotado' at a location, "por hoy" (back at the location's next
 * opening) or until switched back.
 *
 * A switch is one transaction: the mark is inserted (`on conflict do nothing`)
 * or deleted keyed by the unique (location, kind, item key), so however many
 * consoles press it at once there is one row and one history row per actual
 * change; the company's content version is bumped in the same transaction, so
 * every process's menu cache (the marks are in the diner menu body) follows.
 * After commit: the content change is published (this process at once, the
 * others through NOTIFY; the storefront's live channel hears it) and the
 * location's consoles are told (`sold-out-updated`).
 *
 * Marks whose `until` passed are deleted by the expiry pass of the jobs, the
 * delete being the claim (`soldOutExpiredRunOnce`).
 */
import { SOLD_OUT_KINDS, type SoldOutKind, soldOutUntilToday } from '@comanda/domain/sold-out';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import { type Realtime, rooms } from '../plugins/app/realtime';
import { companyContentVersionBump } from '../repositories/console-repository';
import {
  type SoldOutMarkRow,
  soldOutMarkDelete,
  soldOutMarkInsert,
  soldOutMarkLock,
  soldOutMarksExpiredDelete,
  soldOutMarksOfBranchContact,
  soldOutMarkUntilSet,
} from '../repositories/sold-out-repository';
import { afterCommit, type ConsoleDeps, consoleBranchContactCheck } from './console-service';
import { contentChangedPublish } from './content-cache';
import { type SoldOutCatalogue, soldOutCatalogueKey, soldOutCatalogueLoad } from './sold-out-catalogue';
import type { StaffPrincipal } from './staff-auth-service';
import { venueChangeRecord } from './venue-history';

export { SOLD_OUT_KINDS };

export const soldOutServiceMessages = {
  itemUnknown: 'Ese producto no está en los menús de este local: recargue la página',
} as const;

/** An item's state as the console shows it. */
export interface SoldOutState {
  soldOut: boolean;
  /** When it is back on sale (ISO); null while not sold out or sold out until switched back. */
  until: string | null;
}

export interface SoldOutItemView extends SoldOutState {
  itemKey: string;
  name: string;
}

export interface SoldOutPlateView extends SoldOutItemView {
  sizes: SoldOutItemView[];
}

/** `GET /api/console/soldout`: the location's items with their state. */
export interface SoldOutListView {
  branchContactId: number;
  timeZone: string;
  /** What 'Por hoy' would set now: the location's next opening (ISO). */
  untilToday: string;
  categories: { name: string; plates: SoldOutPlateView[] }[];
  garnishGroups: { name: string; items: SoldOutItemView[] }[];
}

/** The realtime event and the PUT's answer: one item's state at a location. */
export interface SoldOutMarkView extends SoldOutState {
  branchContactId: number;
  kind: SoldOutKind;
  itemKey: string;
}

function stateOf(mark: Pick<SoldOutMarkRow, 'until'> | undefined): SoldOutState {
  return mark ? { soldOut: true, until: mark.until?.toISOString() ?? null } : { soldOut: false, until: null };
}

/** The location's items and their marks (expired marks the job has not deleted yet read as on sale). */
export async function soldOutList(
  deps: Pick<ConsoleDeps, 'db' | 'now'>,
  staff: StaffPrincipal,
  branchContactId: number,
): Promise<SoldOutListView> {
  const location = await consoleBranchContactCheck(deps.db, staff, branchContactId);
  const now = deps.now();
  const catalogue = await soldOutCatalogueLoad(deps.db, staff.companyId, location.id);
  const marks = new Map<string, SoldOutMarkRow>();
  for (const mark of await soldOutMarksOfBranchContact(deps.db, location.id)) {
    if (mark.until === null || mark.until.getTime() > now) {
      marks.set(soldOutCatalogueKey(mark.kind, mark.itemKey), mark);
    }
  }
  const item = (kind: SoldOutKind, itemKey: string, name: string): SoldOutItemView => ({
    itemKey,
    name,
    ...stateOf(marks.get(soldOutCatalogueKey(kind, itemKey))),
  });
  return {
    branchContactId: location.id,
    timeZone: location.timeZone,
    untilToday: new Date(soldOutUntilToday(catalogue.schedulesByMode, now, location.timeZone)).toISOString(),
    categories: catalogue.categories.map((category) => ({
      name: category.name,
      plates: category.plates.map((plate) => ({
        ...item('PLATE', plate.itemKey, plate.name),
        sizes: plate.sizes.map((size) => item('SIZE', size.itemKey, size.name)),
      })),
    })),
    garnishGroups: catalogue.garnishGroups.map((group) => ({
      name: group.name,
      items: group.items.map((garnish) => item('GARNISH_ITEM', garnish.itemKey, garnish.name)),
    })),
  };
}

export interface SoldOutSwitch {
  branchContactId: number;
  kind: SoldOutKind;
  itemKey: string;
  soldOut: boolean;
  /** 'today': back at the location's next opening; 'manual': until switched back. */
  until: 'today' | 'manual';
}

/** Writes the switch; answers whether it changed anything and the state before. */
async function soldOutWrite(
  deps: ConsoleDeps,
  staff: StaffPrincipal,
  input: SoldOutSwitch & { companyId: number; name: string; locationName: string },
  until: Date | null,
): Promise<{ changed: boolean; state: SoldOutState }> {
  const key = {
    companyId: input.companyId,
    branchContactId: input.branchContactId,
    kind: input.kind,
    itemKey: input.itemKey,
  };
  return deps.db.transaction(async (tx) => {
    let before: SoldOutState;
    let after: SoldOutState;
    if (input.soldOut) {
      const inserted = await soldOutMarkInsert(tx, { ...key, until, staffUserId: staff.id });
      if (inserted) {
        before = stateOf(undefined);
        after = stateOf(inserted);
      } else {
        const existing = await soldOutMarkLock(tx, key);
        before = stateOf(existing);
        after = stateOf({ until });
        if (existing && before.until !== after.until) await soldOutMarkUntilSet(tx, existing.id, until);
        // Deleted between the insert and the lock (a switch back, the expiry job): nothing to change now.
        if (!existing) return { changed: false, state: before };
      }
    } else {
      const deleted = await soldOutMarkDelete(tx, key);
      before = stateOf(deleted);
      after = stateOf(undefined);
    }
    const changed = before.soldOut !== after.soldOut || before.until !== after.until;
    if (!changed) return { changed, state: after };
    await companyContentVersionBump(tx, input.companyId, new Date(deps.now()));
    await venueChangeRecord(tx, staff, {
      at: new Date(deps.now()),
      subject: 'soldOut',
      subjectName: `${input.name} — ${input.locationName}`,
      branchContactId: input.branchContactId,
      before,
      after,
    });
    return { changed, state: after };
  });
}

/**
 * Marks an item sold out or back on sale at a location (STAFF of the location
 * or the OWNER). Idempotent: the same switch twice changes nothing the second
 * time. 404 for another company's location, 403 for one not theirs, 400 for
 * an item its menus do not have.
 */
export async function soldOutSet(
  deps: ConsoleDeps & { realtime: Pick<Realtime, 'publish'> },
  staff: StaffPrincipal,
  input: SoldOutSwitch,
): Promise<SoldOutMarkView & { changed: boolean }> {
  const location = await consoleBranchContactCheck(deps.db, staff, input.branchContactId);
  const catalogue: SoldOutCatalogue = await soldOutCatalogueLoad(deps.db, staff.companyId, location.id);
  const name = catalogue.names.get(soldOutCatalogueKey(input.kind, input.itemKey));
  if (name === undefined) {
    throw new HttpError(400, soldOutServiceMessages.itemUnknown, {
      itemKey: soldOutServiceMessages.itemUnknown,
    });
  }
  const until =
    input.soldOut && input.until === 'today'
      ? new Date(soldOutUntilToday(catalogue.schedulesByMode, deps.now(), location.timeZone))
      : null;
  const { changed, state } = await soldOutWrite(
    deps,
    staff,
    { ...input, companyId: staff.companyId, name, locationName: location.name },
    until,
  );
  const view: SoldOutMarkView = {
    branchContactId: location.id,
    kind: input.kind,
    itemKey: input.itemKey,
    ...state,
  };
  if (changed) {
    await afterCommit(deps, 'content changed', () => contentChangedPublish(deps.db, staff.companyId));
    await afterCommit(deps, 'sold-out-updated', async () =>
      deps.realtime.publish(rooms.console(location.id), 'sold-out-updated', view),
    );
  }
  return { ...view, changed };
}

/** What one expiry pass did. */
export interface SoldOutExpiryPass {
  /** Marks deleted because their `until` passed. */
  expired: number;
}

/**
 * Deletes the marks whose `until` passed and bumps their companies' content
 * versions in the same transaction; after commit, publishes the changes and
 * tells the locations' consoles. Any number of processes may run it at once:
 * each mark is deleted, and so announced, by exactly one.
 */
export async function soldOutExpiredRunOnce(deps: {
  db: Db;
  now: number;
  realtime: Pick<Realtime, 'publish'>;
  log: ConsoleDeps['log'];
}): Promise<SoldOutExpiryPass> {
  const now = new Date(deps.now);
  const deleted = await deps.db.transaction(async (tx) => {
    const rows = await soldOutMarksExpiredDelete(tx, now);
    for (const companyId of new Set(rows.map((row) => row.companyId))) {
      await companyContentVersionBump(tx, companyId, now);
    }
    return rows;
  });
  for (const companyId of new Set(deleted.map((row) => row.companyId))) {
    await afterCommit(deps, 'content changed', () => contentChangedPublish(deps.db, companyId));
  }
  for (const row of deleted) {
    const view: SoldOutMarkView = {
      branchContactId: row.branchContactId,
      kind: row.kind,
      itemKey: row.itemKey,
      soldOut: false,
      until: null,
    };
    deps.realtime.publish(rooms.console(row.branchContactId), 'sold-out-updated', view);
  }
  return { expired: deleted.length };
}
