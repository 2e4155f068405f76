/** The company's partners, staff and customers in a tenant import. */
import { and, eq, inArray } from 'drizzle-orm';
import {
  customers,
  generalDiscounts,
  loyaltyLedger,
  orderStatusEvents,
  partners,
  staffSessions,
  staffUserBranchContacts,
  staffUsers,
} from '../db/schema';
import { SECRET_DISABLED } from '../lib/secret-hash';
import type { ImportContext } from './tenant-import-context';
import { saveValueDiscounts } from './tenant-import-discounts';

export async function savePartners(ctx: ImportContext): Promise<void> {
  const existing = await ctx.tx.select().from(partners).where(eq(partners.companyId, ctx.companyId));
  const byName = new Map(existing.map((row) => [row.name, row]));
  const wanted = new Set<string>();
  for (const [index, partner] of (ctx.file.partners ?? []).entries()) {
    wanted.add(partner.name);
    const before = byName.get(partner.name);
    const jwtSecret = partner.jwtSecret ?? before?.jwtSecret;
    if (jwtSecret === undefined) {
      ctx.errors.push(`partners[${index}].jwtSecret: is required for a new partner`);
      continue;
    }
    const id = await ctx.saveCounted('partners', partners, before, {
      companyId: ctx.companyId,
      name: partner.name,
      jwtSecret,
    });
    const existingDiscounts = await ctx.tx
      .select()
      .from(generalDiscounts)
      .where(eq(generalDiscounts.partnerId, id))
      .orderBy(generalDiscounts.position, generalDiscounts.id);
    await saveValueDiscounts(ctx, existingDiscounts, partner.generalDiscounts, {
      orderModeId: null,
      partnerId: id,
    });
  }
  await ctx.deleteRows(
    'partners',
    partners,
    existing.filter((row) => !wanted.has(row.name)),
  );
}

export async function saveStaff(ctx: ImportContext): Promise<void> {
  const existing = await ctx.tx.select().from(staffUsers).where(eq(staffUsers.companyId, ctx.companyId));
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const wanted = new Set<string>();
  for (const [index, member] of (ctx.file.staff ?? []).entries()) {
    const email = member.email.toLowerCase();
    wanted.add(email);
    const before = byEmail.get(email);
    const passwordHash = await ctx.secretFor(
      member.password,
      before?.passwordHash,
      `staff[${index}].password`,
    );
    if (passwordHash === undefined) continue;
    const { id, outcome } = await ctx.save(staffUsers, before, {
      companyId: ctx.companyId,
      name: member.name,
      email,
      passwordHash,
      role: member.role,
    });
    const linksChanged = await ctx.syncLinks(
      staffUserBranchContacts,
      staffUserBranchContacts.staffUserId,
      id,
      (member.branchContacts ?? []).map((alias) => ({
        staffUserId: id,
        branchContactId: ctx.contactIds.get(alias)!,
      })),
    );
    ctx.count('staff', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
  }
  await removeStaff(
    ctx,
    existing.filter((row) => !wanted.has(row.email)),
  );
}

export async function removeStaff(
  ctx: ImportContext,
  rows: (typeof staffUsers.$inferSelect)[],
): Promise<void> {
  const used = await ctx.referenced(
    orderStatusEvents.staffUserId,
    rows.map((row) => row.id),
  );
  // An account already without access (removed from the console, ADR 056) is left as it is: the
  // export leaves it out, so importing that export must not count it, and the console can invite it again.
  await ctx.deleteRows(
    'staff',
    staffUsers,
    rows.filter((row) => !used.has(row.id) && row.passwordHash !== SECRET_DISABLED),
  );
  for (const row of rows) {
    if (used.has(row.id) && row.passwordHash !== SECRET_DISABLED) {
      await ctx.tx.update(staffUsers).set({ passwordHash: SECRET_DISABLED }).where(eq(staffUsers.id, row.id));
      await ctx.tx.delete(staffSessions).where(eq(staffSessions.staffUserId, row.id));
      await ctx.tx.delete(staffUserBranchContacts).where(eq(staffUserBranchContacts.staffUserId, row.id));
      ctx.count('staff', 'removed');
    }
  }
}

export async function saveCustomers(ctx: ImportContext): Promise<void> {
  const wanted = ctx.file.customers ?? [];
  if (wanted.length === 0) return;
  const existing = await ctx.tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.companyId, ctx.companyId),
        inArray(
          customers.phone,
          wanted.map((customer) => customer.phone),
        ),
      ),
    );
  const byPhone = new Map(existing.map((row) => [row.phone, row]));
  for (const customer of wanted) {
    const before = byPhone.get(customer.phone);
    if (before) {
      // Points and consent belong to the customer once known: only the contact data is refreshed.
      await ctx.saveCounted('customers', customers, before, {
        name: customer.name ?? before.name,
        email: customer.email?.toLowerCase() ?? before.email,
      });
      continue;
    }
    const balance = customer.loyaltyPointsBalance ?? 0;
    const id = await ctx.saveCounted('customers', customers, undefined, {
      companyId: ctx.companyId,
      phone: customer.phone,
      name: customer.name ?? null,
      email: customer.email?.toLowerCase() ?? null,
      optIn: customer.optIn ?? false,
      loyaltyPointsBalance: balance,
    });
    if (balance > 0) {
      await ctx.tx.insert(loyaltyLedger).values({
        companyId: ctx.companyId,
        customerId: id,
        kind: 'OPENING',
        amount: balance,
        postBalance: balance,
      });
    }
  }
}
