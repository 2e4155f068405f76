/**
 * Branch contacts (locations) in a tenant import: the location, its delivery
 * zones, order modes and riders, and a location that left the file.
 */
import { eq } from 'drizzle-orm';
import {
  branchContacts,
  deliveryZones,
  logisticsOrders,
  orderModes,
  orders,
  riderSessions,
  riders,
  shipmentStacks,
  shipments,
} from '../db/schema';
import { SECRET_DISABLED } from '../lib/secret-hash';
import type { TenantBranchContact } from './tenant-format';
import { byKey, type ImportContext, json, RETIRED } from './tenant-import-context';
import { removeOrderModes, saveOrderMode } from './tenant-import-order-modes';

export async function saveBranchContacts(ctx: ImportContext): Promise<void> {
  const existing = await ctx.tx
    .select()
    .from(branchContacts)
    .where(eq(branchContacts.companyId, ctx.companyId));
  const contactByAlias = new Map(existing.map((row) => [row.alias, row]));
  for (const branch of ctx.file.branches) {
    const branchId = ctx.branchIds.get(branch.alias)!;
    for (const [position, contact] of branch.branchContacts.entries()) {
      await saveBranchContact(ctx, contact, branchId, position, contactByAlias.get(contact.alias));
    }
  }
  for (const row of existing) {
    if (!ctx.contactIds.has(row.alias)) await removeBranchContact(ctx, row);
  }
}

export async function saveBranchContact(
  ctx: ImportContext,
  contact: TenantBranchContact,
  branchId: number,
  position: number,
  before: typeof branchContacts.$inferSelect | undefined,
): Promise<void> {
  const { id, outcome } = await ctx.save(branchContacts, before, {
    companyId: ctx.companyId,
    branchId,
    alias: contact.alias,
    name: contact.name,
    position,
    callPhone: contact.callPhone ?? null,
    whatsAppPhone: contact.whatsAppPhone ?? null,
    address: json(contact.address),
    lat: contact.coordinates.lat,
    lng: contact.coordinates.lng,
    timezone: contact.timezone ?? null,
    mandatoryEmail: contact.mandatoryEmail,
    ordersConsoleActive: contact.ordersConsoleActive,
    forceCustomerName: contact.forceCustomerName ?? false,
    forceCustomerPhone: contact.forceCustomerPhone ?? false,
    blocked: contact.commercialTermsInfo.blocked,
    manualClosing: contact.manualClosing,
    betweenStreetsRequired: contact.deliveryConfig.betweenStreetsRequired,
    ownLogistics: contact.deliveryConfig.ownLogistics,
  });
  const aliasChanged = await ctx.aliasSet(contact.alias, 'BRANCH_CONTACT', id);
  ctx.count('branchContacts', outcome === 'unchanged' && aliasChanged ? 'updated' : outcome);
  ctx.contactIds.set(contact.alias, id);

  await saveDeliveryZones(ctx, contact, id);
  const menuIds = ctx.menuIds.get(branchId)!;
  const existingModes = await ctx.tx.select().from(orderModes).where(eq(orderModes.branchContactId, id));
  const modeByKey = byKey(existingModes);
  for (const [modePosition, mode] of contact.orderModes.entries()) {
    await saveOrderMode(ctx, mode, id, modePosition, menuIds.get(mode.menu)!, modeByKey.get(mode.key));
  }
  const wantedModes = new Set(contact.orderModes.map((mode) => mode.key));
  await removeOrderModes(
    ctx,
    existingModes.filter((row) => !wantedModes.has(row.key)),
  );
  await saveRiders(ctx, contact, id);
}

export async function saveDeliveryZones(
  ctx: ImportContext,
  contact: TenantBranchContact,
  branchContactId: number,
): Promise<void> {
  const existing = await ctx.tx
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.branchContactId, branchContactId))
    .orderBy(deliveryZones.position, deliveryZones.id);
  const wanted = contact.deliveryConfig.deliveryZones;
  for (const [position, zone] of wanted.entries()) {
    await ctx.saveCounted('deliveryZones', deliveryZones, existing[position], {
      companyId: ctx.companyId,
      branchContactId,
      position,
      name: zone.name,
      radiusMeters: zone.radiusMeters ?? null,
      polygon: zone.polygon ? json(zone.polygon) : null,
      fee: ctx.minor(zone.fee),
      cashFee: ctx.minor(zone.cashFee),
      minimumOrderPrice: ctx.minor(zone.minimumOrderPrice ?? 0),
      freeDeliveryFrom: ctx.minorOrNull(zone.freeDeliveryFrom),
    });
  }
  await ctx.deleteRows('deliveryZones', deliveryZones, existing.slice(wanted.length));
}

/**
 * A location that left the file: deleted with everything under it when no
 * order or shipment names it; otherwise closed (its alias no longer
 * resolves, its order modes stop taking orders, its riders are disabled).
 */
export async function removeBranchContact(
  ctx: ImportContext,
  row: typeof branchContacts.$inferSelect,
): Promise<void> {
  const ids = [row.id];
  const used =
    (await ctx.referenced(orders.branchContactId, ids)).size +
      (await ctx.referenced(logisticsOrders.branchContactId, ids)).size +
      (await ctx.referenced(shipments.branchContactId, ids)).size +
      (await ctx.referenced(shipmentStacks.branchContactId, ids)).size >
    0;
  const aliasRemoved = await ctx.aliasRemove(row.alias, 'BRANCH_CONTACT', row.id);
  if (!used) {
    await ctx.deleteRows('branchContacts', branchContacts, [row]);
    return;
  }
  const modes = await ctx.tx.select().from(orderModes).where(eq(orderModes.branchContactId, row.id));
  await removeOrderModes(ctx, modes);
  await removeRiders(ctx, await ctx.tx.select().from(riders).where(eq(riders.branchContactId, row.id)));
  if (!row.manualClosing || row.position !== RETIRED) {
    await ctx.tx
      .update(branchContacts)
      .set({ manualClosing: true, position: RETIRED, updatedAt: new Date() })
      .where(eq(branchContacts.id, row.id));
  }
  if (aliasRemoved || !row.manualClosing || row.position !== RETIRED) ctx.count('branchContacts', 'removed');
}

export async function saveRiders(
  ctx: ImportContext,
  contact: TenantBranchContact,
  branchContactId: number,
): Promise<void> {
  const existing = await ctx.tx.select().from(riders).where(eq(riders.branchContactId, branchContactId));
  const byPhone = new Map(existing.map((row) => [row.phone, row]));
  const contactIndex = ctx.pathOfContact(contact.alias);
  for (const [index, rider] of contact.riders.entries()) {
    const before = byPhone.get(rider.phone);
    const path = `${contactIndex}.riders[${index}].securityCode`;
    const securityCodeHash = await ctx.secretFor(rider.securityCode, before?.securityCodeHash, path);
    if (securityCodeHash === undefined) continue;
    // `active` is the rider's shift: read on creation only, afterwards it is live state.
    await ctx.saveCounted('riders', riders, before, {
      companyId: ctx.companyId,
      branchContactId,
      name: rider.name,
      phone: rider.phone,
      securityCodeHash,
      // Listed by the venue itself: approved (a rider who registers from the shift page waits for it).
      approved: true,
      ...(before ? {} : { active: rider.active }),
    });
  }
  const wanted = new Set(contact.riders.map((rider) => rider.phone));
  await removeRiders(
    ctx,
    existing.filter((row) => !wanted.has(row.phone)),
  );
}

export async function removeRiders(ctx: ImportContext, rows: (typeof riders.$inferSelect)[]): Promise<void> {
  const ids = rows.map((row) => row.id);
  const used = new Set([
    ...(await ctx.referenced(shipments.riderId, ids)),
    ...(await ctx.referenced(shipments.offeredToRiderId, ids)),
    ...(await ctx.referenced(shipmentStacks.riderId, ids)),
    ...(await ctx.referenced(shipmentStacks.offeredToRiderId, ids)),
  ]);
  await ctx.deleteRows(
    'riders',
    riders,
    rows.filter((row) => !used.has(row.id)),
  );
  for (const row of rows) {
    if (used.has(row.id) && row.securityCodeHash !== SECRET_DISABLED) {
      // Kept for the shipments that name them, but no code opens a shift any more.
      await ctx.tx
        .update(riders)
        .set({ active: false, securityCodeHash: SECRET_DISABLED, updatedAt: new Date() })
        .where(eq(riders.id, row.id));
      await ctx.tx.delete(riderSessions).where(eq(riderSessions.riderId, row.id));
      ctx.count('riders', 'removed');
    }
  }
}
