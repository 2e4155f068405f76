/** Order modes in a tenant import, with their schedules, fees, payment types, discounts and surcharges. */
import { eq } from 'drizzle-orm';
import { generalDiscounts, generalSurcharges, orderModes, orders, paymentTypes } from '../db/schema';
import type { TenantOrderMode } from './tenant-format';
import { byKey, type ImportContext, json, RETIRED } from './tenant-import-context';
import { saveValueDiscounts } from './tenant-import-discounts';

export async function saveOrderMode(
  ctx: ImportContext,
  mode: TenantOrderMode,
  branchContactId: number,
  position: number,
  menuId: number,
  before: typeof orderModes.$inferSelect | undefined,
): Promise<void> {
  const id = await ctx.saveCounted('orderModes', orderModes, before, {
    companyId: ctx.companyId,
    branchContactId,
    key: mode.key,
    position,
    type: mode.type,
    showName: mode.showName,
    menuId,
    active: mode.active,
    orderEnabled: mode.orderEnabled,
    useSchedule: mode.useSchedule,
    minDelayInMinutes: mode.minDelayInMinutes,
    maxDelayInMinutes: mode.maxDelayInMinutes,
    schedules: json(mode.schedules),
    specialDays: json(mode.specialDays ?? []),
    userFee: ctx.minor(mode.fees.userFee),
    percentageUserFee: mode.fees.percentageUserFee,
  });

  const existingTypes = await ctx.tx.select().from(paymentTypes).where(eq(paymentTypes.orderModeId, id));
  const typeByKey = byKey(existingTypes);
  for (const [typePosition, type] of mode.paymentTypes.entries()) {
    await ctx.saveCounted('paymentTypes', paymentTypes, typeByKey.get(type.key), {
      companyId: ctx.companyId,
      orderModeId: id,
      key: type.key,
      position: typePosition,
      showName: type.showName,
      description: type.description ?? null,
      active: type.active,
      upload: type.upload,
      paymentMethod: type.paymentMethod,
      providerName: type.onlinePayment.providerName,
    });
  }
  const wantedTypes = new Set(mode.paymentTypes.map((type) => type.key));
  await removePaymentTypes(
    ctx,
    existingTypes.filter((row) => !wantedTypes.has(row.key)),
  );

  const existingDiscounts = await ctx.tx
    .select()
    .from(generalDiscounts)
    .where(eq(generalDiscounts.orderModeId, id))
    .orderBy(generalDiscounts.position, generalDiscounts.id);
  await saveValueDiscounts(ctx, existingDiscounts, mode.generalDiscounts, {
    orderModeId: id,
    partnerId: null,
  });

  const existingSurcharges = await ctx.tx
    .select()
    .from(generalSurcharges)
    .where(eq(generalSurcharges.orderModeId, id))
    .orderBy(generalSurcharges.position, generalSurcharges.id);
  for (const [surchargePosition, surcharge] of mode.generalSurcharges.entries()) {
    await ctx.saveCounted('generalSurcharges', generalSurcharges, existingSurcharges[surchargePosition], {
      companyId: ctx.companyId,
      orderModeId: id,
      position: surchargePosition,
      name: surcharge.name,
      type: surcharge.type,
      value: surcharge.type === 'FIXED' ? ctx.minor(surcharge.value) : surcharge.value,
    });
  }
  await ctx.deleteRows(
    'generalSurcharges',
    generalSurcharges,
    existingSurcharges.slice(mode.generalSurcharges.length),
  );
}

export async function removePaymentTypes(
  ctx: ImportContext,
  rows: (typeof paymentTypes.$inferSelect)[],
): Promise<void> {
  const used = await ctx.referenced(
    orders.paymentTypeId,
    rows.map((row) => row.id),
  );
  await ctx.deleteRows(
    'paymentTypes',
    paymentTypes,
    rows.filter((row) => !used.has(row.id)),
  );
  for (const row of rows) {
    if (used.has(row.id) && (row.active || row.position !== RETIRED)) {
      await ctx.tx
        .update(paymentTypes)
        .set({ active: false, position: RETIRED })
        .where(eq(paymentTypes.id, row.id));
      ctx.count('paymentTypes', 'removed');
    }
  }
}

export async function removeOrderModes(
  ctx: ImportContext,
  rows: (typeof orderModes.$inferSelect)[],
): Promise<void> {
  const used = await ctx.referenced(
    orders.orderModeId,
    rows.map((row) => row.id),
  );
  await ctx.deleteRows(
    'orderModes',
    orderModes,
    rows.filter((row) => !used.has(row.id)),
  );
  for (const row of rows) {
    if (used.has(row.id) && (row.active || row.orderEnabled || row.position !== RETIRED)) {
      await ctx.tx
        .update(orderModes)
        .set({ active: false, orderEnabled: false, position: RETIRED })
        .where(eq(orderModes.id, row.id));
      ctx.count('orderModes', 'removed');
    }
  }
}
