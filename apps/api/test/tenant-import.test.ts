import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secretVerify } from '../src/lib/secret-hash';
import { tenantExport } from '../src/tenant/tenant-export';
import { type TenantImportResult, tenantImport } from '../src/tenant/tenant-import';
import {
  exampleTenant,
  exampleTenantRenamed,
  queryAll,
  queryOne,
  type TenantJson,
  tableCounts,
} from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

type Ok = Extract<TenantImportResult, { ok: true }>;

function expectOk(result: TenantImportResult): Ok {
  if (!result.ok) expect.fail(`import refused:\n${result.errors.join('\n')}`);
  return result;
}

/** What the example holds, counted from the file itself. */
function exampleCounts(file: TenantJson) {
  // biome-ignore lint/suspicious/noExplicitAny: walking the example's JSON
  const all = <T = any>(list: T[] | undefined) => list ?? [];
  const branches = all(file.branches);
  const menus = branches.flatMap((b: TenantJson) => b.menus);
  const categories = menus.flatMap((m: TenantJson) => m.categories);
  const plates = categories.flatMap((c: TenantJson) => c.plates);
  const contacts = branches.flatMap((b: TenantJson) => b.branchContacts);
  const modes = contacts.flatMap((c: TenantJson) => c.orderModes);
  const questions = branches.flatMap((b: TenantJson) => b.survey?.questions ?? []);
  return {
    branches: branches.length,
    branchContacts: contacts.length,
    menus: menus.length,
    categories: categories.length,
    plates: plates.length,
    plateSizes: plates.flatMap((p: TenantJson) => all(p.sizes)).length,
    garnishGroups: branches.flatMap((b: TenantJson) => all(b.garnishGroups)).length,
    garnishItems: branches.flatMap((b: TenantJson) =>
      all(b.garnishGroups).flatMap((g: TenantJson) => g.groupItems),
    ).length,
    menuDiscounts: branches.flatMap((b: TenantJson) => all(b.discounts)).length,
    codeDiscounts: branches.flatMap((b: TenantJson) => all(b.codeDiscounts)).length,
    orderModes: modes.length,
    paymentTypes: modes.flatMap((m: TenantJson) => m.paymentTypes).length,
    generalDiscounts:
      modes.flatMap((m: TenantJson) => m.generalDiscounts).length +
      all(file.partners).flatMap((p: TenantJson) => p.generalDiscounts).length,
    generalSurcharges: modes.flatMap((m: TenantJson) => m.generalSurcharges).length,
    deliveryZones: contacts.flatMap((c: TenantJson) => c.deliveryConfig.deliveryZones).length,
    riders: contacts.flatMap((c: TenantJson) => c.riders).length,
    loyaltyPrograms: branches.filter((b: TenantJson) => b.loyaltyProgram).length,
    loyaltyRewards: branches.flatMap((b: TenantJson) => all(b.loyaltyRewards)).length,
    surveys: branches.filter((b: TenantJson) => b.survey).length,
    surveyQuestions: questions.length + questions.flatMap((q: TenantJson) => all(q.questionReasons)).length,
    staff: all(file.staff).length,
    partners: all(file.partners).length,
    customers: all(file.customers).length,
  };
}

describe.each(testDatabaseKinds())('tenant import on %s', (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;

  it('imports the example as it is, creating what the file holds', async () => {
    const file = exampleTenant();
    const result = expectOk(await tenantImport(db(), file));
    expect(result.companyAlias).toBe('fuego');
    expect(result.changed).toBe(true);
    for (const [entity, created] of Object.entries(exampleCounts(file))) {
      expect({ entity, ...result.summary[entity] }).toEqual({
        entity,
        created,
        updated: 0,
        unchanged: 0,
        removed: 0,
      });
    }
    const company = await queryOne<{ id: number; content_version: number }>(
      db(),
      sql`select id, content_version from companies where alias = 'fuego'`,
    );
    expect(company.id).toBe(result.companyId);
    const resolved = await queryAll<{ alias: string; type: string }>(
      db(),
      sql`select alias, type from aliases where company_id = ${result.companyId} order by alias`,
    );
    expect(resolved).toEqual([
      { alias: 'fuego', type: 'COMPANY' },
      { alias: 'fuego-belgrano', type: 'BRANCH_CONTACT' },
      { alias: 'fuego-burgers', type: 'BRANCH' },
      { alias: 'fuego-cafe', type: 'BRANCH' },
      { alias: 'fuego-cafe-centro', type: 'BRANCH_CONTACT' },
      { alias: 'fuego-palermo', type: 'BRANCH_CONTACT' },
    ]);
    // Money in minor units (ARS has none), percents as written, codes upper-case.
    const clasica = await queryAll<{ key: string; price: number }>(
      db(),
      sql`select s.key, s.price from plate_sizes s join plates p on p.id = s.plate_id join menus m on m.id = p.menu_id
          where m.key = 'carta' and p.key = 'clasica' order by s.position`,
    );
    expect(clasica.map((row) => [row.key, Number(row.price)])).toEqual([
      ['simple', 8500],
      ['doble', 10900],
      ['triple', 12900],
    ]);
    const codes = await queryAll<{ code: string }>(db(), sql`select code from code_discounts order by id`);
    expect(codes.map((row) => row.code)).toEqual(['BIENVENIDA', 'ENVIOGRATIS', 'PAPAS', 'BURGER20', 'VIEJO']);
    const opening = await queryAll<{ kind: string; amount: number; post_balance: number }>(
      db(),
      sql`select l.kind, l.amount, l.post_balance from loyalty_ledger l join customers c on c.id = l.customer_id
          where c.phone = '+5491155550101'`,
    );
    expect(opening).toEqual([{ kind: 'OPENING', amount: 4200, post_balance: 4200 }]);
  });

  it('reports no change when the same file is imported again, and rewrites nothing', async () => {
    const before = await queryOne<{ content_version: number; updated_at: string }>(
      db(),
      sql`select content_version, updated_at::text from companies where alias = 'fuego'`,
    );
    const countsBefore = await tableCounts(db());
    const result = expectOk(await tenantImport(db(), exampleTenant()));
    expect(result.changed).toBe(false);
    for (const [entity, counts] of Object.entries(result.summary)) {
      expect({ entity, created: counts.created, updated: counts.updated, removed: counts.removed }).toEqual({
        entity,
        created: 0,
        updated: 0,
        removed: 0,
      });
    }
    expect(result.summary.plates?.unchanged).toBe(17);
    expect(await tableCounts(db())).toEqual(countsBefore);
    const after = await queryOne<{ content_version: number; updated_at: string }>(
      db(),
      sql`select content_version, updated_at::text from companies where alias = 'fuego'`,
    );
    expect(after).toEqual(before);
  });

  it('stores secrets only as salted hashes, and keeps an unchanged secret as it is', async () => {
    const staff = await queryAll<{ email: string; password_hash: string }>(
      db(),
      sql`select email, password_hash from staff_users order by id`,
    );
    expect(staff.map((row) => row.email)).toEqual(['lucia@fuego.example', 'palermo@fuego.example']);
    const [owner, counter] = staff;
    expect(owner?.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(staff)).not.toContain('cambiar-esta-clave');
    expect(JSON.stringify(staff)).not.toContain('mostrador-1234');
    expect(await secretVerify('cambiar-esta-clave', owner!.password_hash)).toBe(true);
    expect(await secretVerify('otra-clave', owner!.password_hash)).toBe(false);
    expect(await secretVerify('mostrador-1234', counter!.password_hash)).toBe(true);
    // Two hashes of different secrets, each salted.
    expect(owner?.password_hash.split('$')[4]).not.toBe(counter?.password_hash.split('$')[4]);

    const riders = await queryAll<{ phone: string; security_code_hash: string }>(
      db(),
      sql`select phone, security_code_hash from riders order by id`,
    );
    expect(JSON.stringify(riders)).not.toContain('4821');
    expect(await secretVerify('4821', riders[0]!.security_code_hash)).toBe(true);
    expect(await secretVerify('7390', riders[1]!.security_code_hash)).toBe(true);

    const file = exampleTenant();
    file.staff[0].password = 'una-clave-nueva-2025';
    const result = expectOk(await tenantImport(db(), file));
    expect(result.summary.staff).toEqual({ created: 0, updated: 1, unchanged: 1, removed: 0 });
    const updated = await queryOne<{ password_hash: string }>(
      db(),
      sql`select password_hash from staff_users where email = 'lucia@fuego.example'`,
    );
    expect(await secretVerify('una-clave-nueva-2025', updated.password_hash)).toBe(true);
    const [, unchangedCounter] = await queryAll<{ password_hash: string }>(
      db(),
      sql`select password_hash from staff_users order by id`,
    );
    expect(unchangedCounter?.password_hash).toBe(counter?.password_hash);
    expectOk(await tenantImport(db(), exampleTenant()));
  });

  it('updates a changed file in place and keeps orders, points and history', async () => {
    const companyId = (
      await queryOne<{ id: number }>(db(), sql`select id from companies where alias = 'fuego'`)
    ).id;
    const ids = await queryAll<{ key: string; id: number }>(
      db(),
      sql`select p.key, p.id from plates p join menus m on m.id = p.menu_id where m.key = 'carta' order by p.key`,
    );
    const plateId = (key: string) => ids.find((row) => row.key === key)!.id;
    const target = await queryOne<{ branch_id: number; branch_contact_id: number; order_mode_id: number }>(
      db(),
      sql`select c.branch_id, c.id as branch_contact_id, o.id as order_mode_id
          from order_modes o join branch_contacts c on c.id = o.branch_contact_id where o.key = 'palermo-delivery'`,
    );
    // History the import must not touch: an order that sold "papas", and points that moved since the import.
    const order = await queryOne<{ id: number }>(
      db(),
      sql`insert into orders (company_id, branch_id, branch_contact_id, order_mode_id, code, type, payment_method, items_price, price)
          values (${companyId}, ${target.branch_id}, ${target.branch_contact_id}, ${target.order_mode_id}, 'ORD-TEST-1', 'DELIVERY', 'CASH', 4200, 5700)
          returning id`,
    );
    await db().execute(
      sql`insert into order_items (company_id, order_id, position, reference_id, reference_type, name, quantity, unit_price, acc_price)
          values (${companyId}, ${order.id}, 0, ${plateId('papas')}, 'PLATE', 'Papas fritas', 1, 4200, 4200)`,
    );
    const martina = await queryOne<{ id: number }>(
      db(),
      sql`update customers set loyalty_points_balance = 4410 where phone = '+5491155550101' returning id`,
    );
    await db().execute(
      sql`insert into loyalty_ledger (company_id, customer_id, kind, order_code, amount, post_balance)
          values (${companyId}, ${martina.id}, 'ACCRUAL', 'ORD-TEST-1', 210, 4410)`,
    );
    await db().execute(
      sql`insert into customers (company_id, phone, name, loyalty_points_balance) values (${companyId}, '+5491155550999', 'Cliente de la app', 300)`,
    );
    const versionBefore = (
      await queryOne<{ v: number }>(
        db(),
        sql`select content_version as v from companies where id = ${companyId}`,
      )
    ).v;

    const file = exampleTenant();
    const carta = file.branches[0].menus[0];
    carta.categories[0].plates[2].price = 9500; // veggie
    carta.categories[0].plates[0].sizes[0].price = 8900; // clasica simple
    carta.categories[1].plates = carta.categories[1].plates.filter(
      (plate: TenantJson) => plate.key !== 'papas' && plate.key !== 'aros',
    );
    carta.upselleds = ['gaseosa', 'brownie'];
    file.branches[0].codeDiscounts[2].plate = 'papas-cheddar';
    carta.categories.push({
      key: 'ensaladas',
      name: 'ensaladas',
      showName: 'Ensaladas',
      plates: [{ key: 'caesar', showName: 'Ensalada César', price: 7800 }],
    });
    file.customers[0].loyaltyPointsBalance = 99_999;

    const result = expectOk(await tenantImport(db(), file));
    expect(result.changed).toBe(true);
    expect(result.summary.categories).toMatchObject({ created: 1, removed: 0 });
    expect(result.summary.plates).toMatchObject({ created: 1, removed: 2 });
    expect(result.summary.plateSizes).toMatchObject({ created: 0, updated: 1, removed: 0 });
    expect(result.summary.customers).toEqual({ created: 0, updated: 0, unchanged: 1, removed: 0 });

    const after = await queryAll<{ key: string; id: number; price: number | null; active: boolean }>(
      db(),
      sql`select p.key, p.id, p.price, p.active from plates p join menus m on m.id = p.menu_id where m.key = 'carta' order by p.key`,
    );
    const plate = (key: string) => after.find((row) => row.key === key);
    expect(plate('veggie')).toMatchObject({ id: plateId('veggie'), active: true });
    expect(Number(plate('veggie')?.price)).toBe(9500);
    // Sold before: kept for the order's sake, but off the menu. Never sold: gone.
    expect(plate('papas')).toMatchObject({ id: plateId('papas'), active: false });
    expect(plate('aros')).toBeUndefined();
    expect(plate('caesar')).toMatchObject({ active: true });
    const simple = await queryOne<{ price: number }>(
      db(),
      sql`select s.price from plate_sizes s where s.plate_id = ${plateId('clasica')} and s.key = 'simple'`,
    );
    expect(Number(simple.price)).toBe(8900);

    const orderAfter = await queryOne<{ code: string; price: number; items: number }>(
      db(),
      sql`select o.code, o.price, (select count(*)::int from order_items i where i.order_id = o.id) as items
          from orders o where o.id = ${order.id}`,
    );
    expect({ ...orderAfter, price: Number(orderAfter.price) }).toEqual({
      code: 'ORD-TEST-1',
      price: 5700,
      items: 1,
    });
    const balances = await queryAll<{ phone: string; loyalty_points_balance: number }>(
      db(),
      sql`select phone, loyalty_points_balance from customers order by phone`,
    );
    expect(balances).toEqual([
      { phone: '+5491155550101', loyalty_points_balance: 4410 },
      { phone: '+5491155550999', loyalty_points_balance: 300 },
    ]);
    const ledger = await queryAll<{ kind: string }>(
      db(),
      sql`select kind from loyalty_ledger where customer_id = ${martina.id} order by id`,
    );
    expect(ledger.map((row) => row.kind)).toEqual(['OPENING', 'ACCRUAL']);
    const versionAfter = (
      await queryOne<{ v: number }>(
        db(),
        sql`select content_version as v from companies where id = ${companyId}`,
      )
    ).v;
    expect(versionAfter).toBe(versionBefore + 1);

    // The deactivated plate stays deactivated without being reported again.
    const again = expectOk(await tenantImport(db(), file));
    expect(again.changed).toBe(false);
    // It is history, not tenant: the export leaves it out, and round-trips.
    const exported = await tenantExport(db(), 'fuego');
    const exportedCarta = exported?.branches[0]?.menus[0];
    expect(exportedCarta?.categories.flatMap((category) => category.plates.map((p) => p.key))).not.toContain(
      'papas',
    );
    expect(expectOk(await tenantImport(db(), exported)).changed).toBe(false);
  });

  it('deactivates a location that has orders instead of deleting it, and releases its alias', async () => {
    const file = exampleTenant();
    file.branches[0].branchContacts = file.branches[0].branchContacts.filter(
      (contact: TenantJson) => contact.alias !== 'fuego-palermo',
    );
    file.branches[0].loyaltyProgram.branchContacts = ['fuego-belgrano'];
    delete file.branches[0].loyaltyRewards[0].branchContact;
    file.staff[1].branchContacts = ['fuego-belgrano'];
    const result = expectOk(await tenantImport(db(), file));
    // Belgrano moved up to first place: updated in place, not re-created.
    expect(result.summary.branchContacts).toMatchObject({ created: 0, updated: 1, unchanged: 1, removed: 1 });
    const palermo = await queryOne<{ id: number; manual_closing: boolean }>(
      db(),
      sql`select id, manual_closing from branch_contacts where alias = 'fuego-palermo'`,
    );
    expect(palermo.manual_closing).toBe(true);
    const modes = await queryAll<{ key: string; active: boolean; order_enabled: boolean }>(
      db(),
      sql`select key, active, order_enabled from order_modes where branch_contact_id = ${palermo.id} order by key`,
    );
    // Only the mode with an order stays (inactive); the others had nothing pointing at them.
    expect(modes).toEqual([{ key: 'palermo-delivery', active: false, order_enabled: false }]);
    const alias = await queryAll(db(), sql`select alias from aliases where alias = 'fuego-palermo'`);
    expect(alias).toEqual([]);
    // Diners no longer reach the retired location, by its brand's list or by id.
    const brand = await ctx.app.inject({ method: 'GET', url: '/api/diner/fuego-burgers' });
    expect(brand.json().branchContacts.map((contact: { alias: string }) => contact.alias)).toEqual([
      'fuego-belgrano',
    ]);
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/diner/branchcontacts/${palermo.id}` });
    expect(byId.statusCode).toBe(404);
    expect(expectOk(await tenantImport(db(), file)).changed).toBe(false);
    const exported = await tenantExport(db(), 'fuego');
    expect(exported?.branches[0]?.branchContacts.map((contact) => contact.alias)).toEqual(['fuego-belgrano']);
    expect(expectOk(await tenantImport(db(), exported)).changed).toBe(false);

    // Back in the file: the same row comes back to life under its alias.
    const restored = expectOk(await tenantImport(db(), exampleTenant()));
    // Palermo reopened and Belgrano back in second place.
    expect(restored.summary.branchContacts).toMatchObject({ created: 0, updated: 2, removed: 0 });
    const back = await queryOne<{ id: number; manual_closing: boolean }>(
      db(),
      sql`select id, manual_closing from branch_contacts where alias = 'fuego-palermo'`,
    );
    expect(back).toEqual({ id: palermo.id, manual_closing: false });
    expect(await queryAll(db(), sql`select alias from aliases where alias = 'fuego-palermo'`)).toHaveLength(
      1,
    );
  });

  it('retires a category, payment type and garnish item that orders still name, out of the export', async () => {
    const companyId = (
      await queryOne<{ id: number }>(db(), sql`select id from companies where alias = 'fuego'`)
    ).id;
    const ref = await queryOne<{
      branch_id: number;
      branch_contact_id: number;
      order_mode_id: number;
      payment_type_id: number;
    }>(
      db(),
      sql`select c.branch_id, c.id as branch_contact_id, o.id as order_mode_id, t.id as payment_type_id
          from payment_types t join order_modes o on o.id = t.order_mode_id join branch_contacts c on c.id = o.branch_contact_id
          where o.key = 'belgrano-delivery' and t.key = 'transferencia'`,
    );
    const brownie = await queryOne<{ id: number }>(
      db(),
      sql`select p.id from plates p join menus m on m.id = p.menu_id where m.key = 'carta' and p.key = 'brownie'`,
    );
    const huevo = await queryOne<{ id: number }>(db(), sql`select id from garnish_items where key = 'huevo'`);
    const order = await queryOne<{ id: number }>(
      db(),
      sql`insert into orders (company_id, branch_id, branch_contact_id, order_mode_id, payment_type_id, code, type, payment_method, items_price, price)
          values (${companyId}, ${ref.branch_id}, ${ref.branch_contact_id}, ${ref.order_mode_id}, ${ref.payment_type_id}, 'ORD-TEST-2', 'DELIVERY', 'BANK_TRANSFER', 5900, 5900)
          returning id`,
    );
    await db().execute(
      sql`insert into order_items (company_id, order_id, position, reference_id, reference_type, name, quantity, unit_price, acc_price)
          values (${companyId}, ${order.id}, 0, ${brownie.id}, 'PLATE', 'Brownie con helado', 1, 5200, 5200),
                 (${companyId}, ${order.id}, 1, ${huevo.id}, 'GARNISH', 'Huevo frito', 1, 700, 700)`,
    );

    const file = exampleTenant();
    const burgers = file.branches[0];
    burgers.menus[0].categories = burgers.menus[0].categories.filter((c: TenantJson) => c.key !== 'postres');
    burgers.menus[0].upselleds = ['papas', 'gaseosa'];
    burgers.discounts.splice(2, 1);
    const extras = burgers.garnishGroups.find((g: TenantJson) => g.key === 'extras-burger');
    extras.groupItems = extras.groupItems.filter((item: TenantJson) => item.key !== 'huevo');
    const belgranoDelivery = burgers.branchContacts[1].orderModes[0];
    belgranoDelivery.paymentTypes = belgranoDelivery.paymentTypes.filter(
      (t: TenantJson) => t.key !== 'transferencia',
    );

    const result = expectOk(await tenantImport(db(), file));
    expect(result.summary.categories?.removed).toBe(1);
    expect(result.summary.plates?.removed).toBe(2); // brownie retired, flan deleted
    expect(result.summary.paymentTypes?.removed).toBe(1);
    expect(result.summary.garnishItems?.removed).toBe(1);
    expect(result.summary.menuDiscounts?.removed).toBe(1);
    const kept = await queryAll<{ id: number; active: boolean }>(
      db(),
      sql`select id, active from payment_types where id = ${ref.payment_type_id}`,
    );
    expect(kept).toEqual([{ id: ref.payment_type_id, active: false }]);

    expect(expectOk(await tenantImport(db(), file)).changed).toBe(false);
    const exported = await tenantExport(db(), 'fuego');
    const carta = exported?.branches[0]?.menus[0];
    expect(carta?.categories.map((c) => c.key)).not.toContain('postres');
    const exportedExtras = exported?.branches[0]?.garnishGroups?.find((g) => g.key === 'extras-burger');
    expect(exportedExtras?.groupItems.map((item) => item.key)).toEqual(['cheddar', 'panceta', 'jalapenos']);
    const exportedTypes = exported?.branches[0]?.branchContacts[1]?.orderModes[0]?.paymentTypes.map(
      (t) => t.key,
    );
    expect(exportedTypes).toEqual(['efectivo']);
    expect(expectOk(await tenantImport(db(), exported)).changed).toBe(false);

    // Back in the file, each comes back to life in place (neighbours move back too).
    const restored = expectOk(await tenantImport(db(), exampleTenant()));
    for (const entity of ['categories', 'paymentTypes', 'garnishItems']) {
      expect(restored.summary[entity]?.created).toBe(0);
      expect(restored.summary[entity]?.updated).toBeGreaterThanOrEqual(1);
    }
    expect(
      await queryAll(db(), sql`select active from payment_types where id = ${ref.payment_type_id}`),
    ).toEqual([{ active: true }]);
    expect(restored.summary.plates).toMatchObject({ created: 1, removed: 0 }); // flan again
    expect(expectOk(await tenantImport(db(), exampleTenant())).changed).toBe(false);
  });

  it('refuses a broken copy naming every path, and writes nothing', async () => {
    const countsBefore = await tableCounts(db());
    const versionBefore = await queryOne(
      db(),
      sql`select content_version from companies where alias = 'fuego'`,
    );
    const file = exampleTenant();
    file.branches[0].menus[0].categories[1].plates[2].price = '4800';
    file.branches[0].menus[0].categories[0].plates[1].garnishGroups = ['pan', 'no-existe'];
    file.branches[0].menus[0].categories[0].plates[0].sizes[0].price = 99; // a valid change that must not land
    const result = await tenantImport(db(), file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain('branches[0].menus[0].categories[1].plates[2].price: expected a number');
    expect(result.errors).toContain(
      'branches[0].menus[0].categories[0].plates[1].garnishGroups[1]: no garnish group with key "no-existe" in branches[0].garnishGroups',
    );
    expect(await tableCounts(db())).toEqual(countsBefore);
    expect(await queryOne(db(), sql`select content_version from companies where alias = 'fuego'`)).toEqual(
      versionBefore,
    );
    const simple = await queryAll<{ price: number }>(
      db(),
      sql`select price from plate_sizes where price = 99`,
    );
    expect(simple).toEqual([]);
  });

  it('checks references, duplicates, shapes and formats across the file', async () => {
    const file = exampleTenant();
    const burgers = file.branches[0];
    const palermo = burgers.branchContacts[0];
    burgers.menus[0].categories[1].plates[0].sizes = [{ key: 'unica', name: 'Única', price: 10 }];
    delete burgers.menus[0].categories[2].plates[0].price;
    burgers.menus[0].remarkeds.push('no-plato');
    burgers.menus[0].upselleds.push('gaseosa');
    burgers.discounts[0].plates = ['fantasma'];
    burgers.discounts[1].pay = 2;
    burgers.codeDiscounts[3].category = 'pizzas';
    burgers.codeDiscounts.push({ code: 'bienvenida', type: 'PERCENT', value: 5, active: true });
    burgers.loyaltyProgram.branchContacts.push('fuego-narnia');
    burgers.loyaltyRewards[0].branchContact = 'fuego-narnia';
    file.staff[1].branchContacts = ['fuego-atlantida'];
    burgers.branchContacts[1].alias = 'fuego-palermo';
    palermo.orderModes[0].menu = 'desayunos';
    palermo.orderModes[0].schedules[0].scheduleConfigs[0].workingDays[0].workingHours[0].endAt = '24:00';
    palermo.orderModes[0].schedules[0].scheduleConfigs[0].workingDays[1].dayOfWeek = 'LUNES';
    palermo.deliveryConfig.deliveryZones[1].polygon.pop();
    palermo.deliveryConfig.deliveryZones[0].polygon = [
      [0, 0],
      [1, 1],
      [0, 0],
    ];
    palermo.callPhone = '011 4777-0001';
    palermo.riders[1].phone = palermo.riders[0].phone;
    file.customers[0].loyaltyPointsBalance = -5;
    burgers.menus[0].categories[0].plates[3].price = 14500.5;
    const result = await tenantImport(db(), file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const b = 'branches[0]';
    const c = `${b}.branchContacts[0]`;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        `${b}.menus[0].categories[1].plates[0]: has both price and sizes; a plate has one or the other`,
        `${b}.menus[0].categories[2].plates[0]: needs a price or sizes`,
        `${b}.menus[0].remarkeds[3]: no plate with key "no-plato" in this menu`,
        `${b}.menus[0].upselleds[3]: duplicate plate "gaseosa" (also at ${b}.menus[0].upselleds[1])`,
        `${b}.discounts[0].plates[0]: no plate with key "fantasma" in the menus of this branch`,
        `${b}.discounts[1].pay: must be less than buy (2)`,
        `${b}.codeDiscounts[3].category: no category with key "pizzas" in the menus of this branch`,
        `${b}.codeDiscounts[5].code: duplicate code (codes ignore case) "bienvenida" (also at ${b}.codeDiscounts[0].code)`,
        `${b}.loyaltyProgram.branchContacts[2]: no branch contact with alias "fuego-narnia" in this file`,
        `${b}.loyaltyRewards[0].branchContact: no branch contact with alias "fuego-narnia" in this file`,
        'staff[1].branchContacts[0]: no branch contact with alias "fuego-atlantida" in this file',
        `${b}.branchContacts[1].alias: duplicate alias "fuego-palermo" (also at ${c}.alias)`,
        `${c}.orderModes[0].menu: no menu with key "desayunos" in this branch`,
        `${c}.orderModes[0].schedules[0].scheduleConfigs[0].workingDays[0].workingHours[0].endAt: expected a time as HH:MM (00:00 to 23:59)`,
        `${c}.orderModes[0].schedules[0].scheduleConfigs[0].workingDays[1].dayOfWeek: expected one of MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY`,
        `${c}.deliveryConfig.deliveryZones[1].polygon: is not closed: the last point must repeat the first`,
        `${c}.deliveryConfig.deliveryZones[0]: needs either radiusMeters or polygon (one of the two)`,
        `${c}.deliveryConfig.deliveryZones[0].polygon: a closed polygon needs at least 3 distinct points (the last repeats the first)`,
        `${c}.callPhone: expected a phone in E.164 form, e.g. +5491155550101`,
        `${c}.riders[1].phone: duplicate rider phone in this branch contact "+5491160000001" (also at ${c}.riders[0].phone)`,
        'customers[0].loyaltyPointsBalance: expected a value of at least 0',
        `${b}.menus[0].categories[0].plates[3].price: expected a whole amount: the currency has no decimals (country.mantissaLength is 0)`,
      ]),
    );
  });

  it('turns a points programme into cashback, and refuses one that returns both or a bad percent', async () => {
    const points = exampleTenantRenamed('vuelto');
    expectOk(await tenantImport(db(), points));
    const programmes = () =>
      queryAll<{ alias: string; order_percentage: number; cashback: number }>(
        db(),
        sql`select b.alias, p.order_percentage::float8 as order_percentage, p.cashback::float8 as cashback
            from loyalty_programs p join branches b on b.id = p.branch_id
            where b.alias like 'vuelto-%' order by b.alias`,
      );
    const stored = [
      { alias: 'vuelto-burgers', order_percentage: 5, cashback: 0 },
      { alias: 'vuelto-cafe', order_percentage: 0, cashback: 0 },
    ];
    expect(await programmes()).toEqual(stored);

    const both = exampleTenantRenamed('vuelto');
    both.branches[0].loyaltyProgram.cashback = 2.00001;
    both.branches[1].loyaltyProgram.cashback = 150;
    const countsBefore = await tableCounts(db());
    const refused = await tenantImport(db(), both);
    if (refused.ok) expect.fail('a programme with points and cashback was imported');
    expect(refused.errors).toEqual([
      'branches[1].loyaltyProgram.cashback: expected a value of at most 100',
      'branches[0].loyaltyProgram.cashback: expected a percent with at most 4 decimals',
      'branches[0].loyaltyProgram.cashback: must be 0 when orderPercentage is above 0 (5): a programme either returns points or cashback',
    ]);
    expect(await tableCounts(db())).toEqual(countsBefore);
    expect(await programmes()).toEqual(stored);

    const cashback = exampleTenantRenamed('vuelto');
    cashback.branches[0].loyaltyProgram.orderPercentage = 0;
    cashback.branches[0].loyaltyProgram.cashback = 7.5;
    cashback.branches[1].loyaltyProgram.cashback = 2.25;
    const result = expectOk(await tenantImport(db(), cashback));
    expect(result.summary.loyaltyPrograms).toEqual({ created: 0, updated: 2, unchanged: 0, removed: 0 });
    expect(await programmes()).toEqual([
      { alias: 'vuelto-burgers', order_percentage: 0, cashback: 7.5 },
      { alias: 'vuelto-cafe', order_percentage: 0, cashback: 2.25 },
    ]);
  });

  it('refuses aliases and logins that belong to another company', async () => {
    const countsBefore = await tableCounts(db());
    const other = exampleTenantRenamed('otro');
    other.branches[0].alias = 'fuego-burgers';
    other.branches[1].branchContacts[0].alias = 'fuego';
    other.staff[0].email = 'LUCIA@fuego.example';
    const result = await tenantImport(db(), other);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'branches[0].alias: alias "fuego-burgers" already belongs to another company',
      'branches[1].branchContacts[0].alias: alias "fuego" already belongs to another company',
      'staff[0].email: "lucia@fuego.example" is already a login of another company',
    ]);
    expect(await tableCounts(db())).toEqual(countsBefore);

    // Renamed throughout, the same data is a second, independent company.
    const second = expectOk(await tenantImport(db(), exampleTenantRenamed('otro')));
    expect(second.companyAlias).toBe('otro');
    expect(second.summary.plates?.created).toBe(17);
  });

  it('stores amounts of a currency with cents exactly (mantissaLength 2)', async () => {
    const file = exampleTenantRenamed('sabor');
    file.country = {
      code: 'UY',
      name: 'Uruguay',
      currency: { code: 'UYU', symbol: '$' },
      phonePrefix: '598',
      mantissaLength: 2,
      timezone: 'America/Montevideo',
    };
    const burgers = file.branches[0];
    burgers.menus[0].categories[1].plates[0].price = 1234.5;
    burgers.menus[0].categories[1].plates[1].price = 0.07;
    burgers.garnishGroups[0].groupItems[1].price = 45.25;
    burgers.branchContacts[0].deliveryConfig.deliveryZones[0].fee = 99.99;
    file.partners[0].generalDiscounts[1].value = 200;
    burgers.codeDiscounts[2].value = 100;
    const result = expectOk(await tenantImport(db(), file));
    const prices = await queryAll<{ key: string; price: number }>(
      db(),
      sql`select p.key, p.price from plates p join menus m on m.id = p.menu_id join branches b on b.id = m.branch_id
          where b.alias = 'sabor-burgers' and m.key = 'carta' and p.key in ('papas', 'papas-cheddar', 'veggie') order by p.key`,
    );
    expect(prices.map((row) => [row.key, Number(row.price)])).toEqual([
      ['papas', 123450],
      ['papas-cheddar', 7],
      ['veggie', 920000],
    ]);
    const fee = await queryOne<{ fee: number }>(
      db(),
      sql`select z.fee from delivery_zones z join branch_contacts c on c.id = z.branch_contact_id
          where c.alias = 'sabor-palermo' and z.position = 0`,
    );
    expect(Number(fee.fee)).toBe(9999);
    const partner = await queryAll<{ value: number }>(
      db(),
      sql`select d.value from general_discounts d join partners p on p.id = d.partner_id
          where p.company_id = ${result.companyId} order by d.position`,
    );
    expect(partner.map((row) => Number(row.value))).toEqual([15, 20000]);

    const tooPrecise = exampleTenantRenamed('sabor');
    tooPrecise.country = file.country;
    tooPrecise.partners[0].generalDiscounts[1].value = 200;
    tooPrecise.branches[0].codeDiscounts[2].value = 20_000_000_000;
    tooPrecise.branches[0].menus[0].categories[1].plates[0].price = 1234.567;
    tooPrecise.partners[0].generalDiscounts[0].value = 15.12345;
    const refused = await tenantImport(db(), tooPrecise);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors).toEqual([
      'branches[0].menus[0].categories[1].plates[0].price: expected at most 2 decimal(s) (country.mantissaLength)',
      'branches[0].codeDiscounts[2].value: expected at most 10000000000',
      'partners[0].generalDiscounts[0].value: expected a percent with at most 4 decimals',
    ]);
  });

  it('needs the secret of a new staff member, rider or partner, not of a known one', async () => {
    const file = exampleTenant();
    delete file.staff[0].password; // known: the stored hash stays
    file.staff.push({ name: 'Nuevo', email: 'nuevo@fuego.example', role: 'STAFF' });
    file.branches[0].branchContacts[1].riders.push({
      name: 'Sin código',
      phone: '+5491160000009',
      active: false,
    });
    file.partners.push({ name: 'sin-secreto', generalDiscounts: [] });
    const countsBefore = await tableCounts(db());
    const result = await tenantImport(db(), file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'branches[0].branchContacts[1].riders[0].securityCode: is required for a new rider',
      'partners[1].jwtSecret: is required for a new partner',
      'staff[2].password: is required for a new staff member',
    ]);
    expect(await tableCounts(db())).toEqual(countsBefore);
  });

  it('lists every problem even when there are many', async () => {
    const file = exampleTenant();
    let expected = 0;
    for (const branch of file.branches) {
      for (const menu of branch.menus) {
        for (const category of menu.categories) {
          for (const plate of category.plates) {
            for (const size of plate.sizes ?? []) size.price = String(size.price);
            if (plate.price !== undefined) plate.price = String(plate.price);
            expected += plate.sizes ? plate.sizes.length : 1;
          }
        }
      }
    }
    const result = await tenantImport(db(), file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(expected).toBe(22);
    expect(result.errors.filter((error) => error.endsWith('price: expected a number'))).toHaveLength(
      expected,
    );
  });

  it('refuses what is not a tenant file at all', async () => {
    expect(await tenantImport(db(), null)).toMatchObject({ ok: false });
    const result = await tenantImport(db(), { format: 'tenant/v2' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'format: expected "tenant/v1"',
        'country: is required',
        'company: is required',
        'branches: is required',
      ]),
    );
  });
});
