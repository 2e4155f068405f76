/**
 * A location's order modes edited from the console's 'Horarios' tab (ADR 054):
 * read and saved as one part of the tenant file (the location's `orderModes`)
 * through the import's validator and writer (venue-edit.ts, ADR 051).
 *
 * Who changes what: anyone who may see the location changes its hours
 * (`useSchedule`, `schedules`, `specialDays`, lead times); only the OWNER
 * changes a mode's name, whether it is active or takes orders, and its fees.
 * The rest of a mode (its key, type, menu, payment types, general discounts
 * and surcharges) and the list of modes are not edited on this screen.
 */
import { isDeepStrictEqual } from 'node:util';
import { badRequest, conflict, forbidden } from '../lib/http-error';
import type { TenantPartLocate } from '../tenant/tenant-edit';
import type { TenantOrderMode } from '../tenant/tenant-format';
import { consoleBranchContactCheck } from './console-service';
import type { StaffPrincipal } from './staff-auth-service';
import { type VenueEditDeps, venueEditMessages, venuePartGet, venuePartSave } from './venue-edit';

/** Fields of an order mode anyone with the location changes. */
export const HOURS_FIELDS = [
  'useSchedule',
  'schedules',
  'specialDays',
  'minDelayInMinutes',
  'maxDelayInMinutes',
] as const;

/** Fields only the OWNER changes, with how the refusal names them. */
export const OWNER_FIELDS = {
  showName: 'el nombre',
  active: 'si el modo está activo',
  orderEnabled: 'si el modo acepta pedidos',
  fees: 'el costo de servicio',
} as const;

/** Fields not changed on this screen, with how the refusal names them. */
const FIXED_FIELDS = {
  key: 'la clave',
  type: 'el tipo',
  menu: 'el menú',
  paymentTypes: 'los medios de pago',
  generalDiscounts: 'los descuentos generales',
  generalSurcharges: 'los recargos generales',
} as const;

export const venueHoursMessages = {
  ownerOnly: (what: string, mode: string) => `Solo el dueño puede cambiar ${what} de «${mode}»`,
  fixed: (what: string) => `Aquí no se cambia ${what}`,
  modes: 'Aquí no se agregan, quitan ni reordenan modos de pedido',
} as const;

/** The location's order modes in the company's file, found by the location's alias. */
export function orderModesLocate(alias: string): TenantPartLocate<TenantOrderMode[]> {
  return (file) => {
    for (const [b, branch] of file.branches.entries()) {
      const c = branch.branchContacts.findIndex((contact) => contact.alias === alias);
      const contact = branch.branchContacts[c];
      if (!contact) continue;
      return {
        path: `branches[${b}].branchContacts[${c}].orderModes`,
        get: () => contact.orderModes,
        set: (value) => {
          contact.orderModes = value;
        },
      };
    }
    return undefined;
  };
}

export interface VenueHoursRead {
  version: string;
  /** The location's IANA zone: the preview computes "open now" in it. */
  timeZone: string;
  orderModes: TenantOrderMode[];
}

/** The location's order modes for the editor: 404 another company's, 403 a location not the staff member's. */
export async function venueHoursGet(
  deps: VenueEditDeps,
  staff: StaffPrincipal,
  branchContactId: number,
): Promise<VenueHoursRead> {
  const contact = await consoleBranchContactCheck(deps.db, staff, branchContactId);
  const read = await venuePartGet(deps.db, staff, orderModesLocate(contact.alias));
  return { version: read.version, timeZone: contact.timeZone, orderModes: read.value };
}

const normalised = (mode: TenantOrderMode, field: keyof TenantOrderMode) =>
  field === 'specialDays' ? (mode.specialDays ?? []) : mode[field];

/**
 * What `staff` may not change from `stored` to `wanted`: 400 for what this
 * screen never changes, 403 naming the OWNER's fields for a STAFF member.
 */
export function venueHoursPermissionCheck(
  staff: Pick<StaffPrincipal, 'role'>,
  stored: readonly TenantOrderMode[],
  wanted: readonly TenantOrderMode[],
): void {
  const sameModes =
    stored.length === wanted.length && stored.every((mode, index) => mode.key === wanted[index]?.key);
  if (!sameModes) throw badRequest(venueHoursMessages.modes, { '': venueHoursMessages.modes });
  const fixed: Record<string, string> = {};
  const ownerOnly: string[] = [];
  for (const [index, before] of stored.entries()) {
    const after = wanted[index]!;
    for (const [field, label] of Object.entries(FIXED_FIELDS)) {
      const key = field as keyof TenantOrderMode;
      if (!isDeepStrictEqual(normalised(before, key), normalised(after, key)))
        fixed[`[${index}].${field}`] = venueHoursMessages.fixed(label);
    }
    if (staff.role === 'OWNER') continue;
    const changed = Object.entries(OWNER_FIELDS)
      .filter(
        ([field]) =>
          !isDeepStrictEqual(before[field as keyof TenantOrderMode], after[field as keyof TenantOrderMode]),
      )
      .map(([, label]) => label);
    if (changed.length > 0) ownerOnly.push(venueHoursMessages.ownerOnly(changed.join(', '), before.showName));
  }
  if (Object.keys(fixed).length > 0) throw badRequest(venueEditMessages.invalid, fixed);
  if (ownerOnly.length > 0) throw forbidden(ownerOnly.join('. '));
}

/**
 * Saves the location's order modes over `version` (the one the editor read):
 * 409 with the current modes when they moved since, 400 per field when the
 * tenant rules refuse them, 403/400 for what the staff member may not change.
 */
export async function venueHoursSave(
  deps: VenueEditDeps,
  staff: StaffPrincipal,
  branchContactId: number,
  body: { version: string; orderModes: TenantOrderMode[] },
): Promise<VenueHoursRead & { changed: boolean }> {
  const contact = await consoleBranchContactCheck(deps.db, staff, branchContactId);
  const locate = orderModesLocate(contact.alias);
  const current = await venuePartGet(deps.db, staff, locate);
  // Judged against what the editor read; the write checks the version again under the import lock.
  if (current.version !== body.version) throw conflict(venueEditMessages.conflict, { current });
  venueHoursPermissionCheck(staff, current.value, body.orderModes);
  const saved = await venuePartSave(deps, staff, {
    locate,
    value: body.orderModes,
    baseVersion: body.version,
    subject: 'orderModes',
    subjectName: contact.name,
    branchContactId: contact.id,
  });
  return {
    changed: saved.changed,
    version: saved.version,
    timeZone: contact.timeZone,
    orderModes: saved.value,
  };
}
