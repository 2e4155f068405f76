import { describe, expect, it } from 'vitest';
import { tenantExport } from '../src/tenant/tenant-export';
import { tenantImport } from '../src/tenant/tenant-import';
import { tenantValidateFile } from '../src/tenant/tenant-validate';
import {
  exampleTenant,
  exampleTenantRenamed,
  tenantCanonical,
  tenantWithoutSecrets,
} from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('tenant export on %s', (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;

  it('exports the example as it was imported, without secrets', async () => {
    expect((await tenantImport(db(), exampleTenant())).ok).toBe(true);
    const exported = await tenantExport(db(), 'fuego');
    expect(exported).not.toBeNull();
    expect(tenantValidateFile(exported).ok).toBe(true);
    expect(tenantCanonical(exported)).toEqual(tenantCanonical(exampleTenant()));
    // Key for key, the only difference is a default the example spells out and the
    // database cannot tell from an omitted one.
    const expected = tenantWithoutSecrets(exampleTenant());
    expect(expected.branches[0].withCustomLogo).toBe(false);
    delete expected.branches[0].withCustomLogo;
    expect(exported).toEqual(expected);

    const text = JSON.stringify(exported);
    for (const secret of [
      'password',
      'securityCode',
      'jwtSecret',
      'cambiar-esta-clave',
      'club-socios-secreto',
    ]) {
      expect(text).not.toContain(secret);
    }
    // Money goes back to major units, codes come back as stored.
    expect(exported?.branches[0]?.menus[0]?.categories[0]?.plates[0]?.sizes?.[0]).toEqual({
      key: 'simple',
      name: 'Simple',
      price: 8500,
    });
  });

  it('round-trips: importing the export changes nothing', async () => {
    const exported = await tenantExport(db(), 'fuego');
    const result = await tenantImport(db(), exported);
    if (!result.ok) expect.fail(result.errors.join('\n'));
    expect(result.changed).toBe(false);
    expect(await tenantExport(db(), 'fuego')).toEqual(exported);
  });

  it('round-trips a currency with cents', async () => {
    const file = exampleTenantRenamed('centavos');
    file.country = {
      code: 'MX',
      name: 'México',
      currency: { code: 'MXN', symbol: '$' },
      phonePrefix: '52',
      mantissaLength: 2,
      timezone: 'America/Mexico_City',
    };
    file.partners[0].generalDiscounts[1].value = 20.5;
    file.branches[0].codeDiscounts[2].value = 10.25;
    file.branches[0].menus[0].categories[1].plates[0].price = 42.1;
    file.branches[0].branchContacts[0].orderModes[0].fees.userFee = 3.05;
    expect((await tenantImport(db(), file)).ok).toBe(true);
    const exported = await tenantExport(db(), 'centavos');
    expect(tenantCanonical(exported)).toEqual(tenantCanonical(file));
    const again = await tenantImport(db(), exported);
    expect(again.ok && again.changed).toBe(false);
  });

  it('round-trips a cashback programme, and writes cashback only when above 0', async () => {
    const file = exampleTenantRenamed('reintegro');
    file.branches[0].loyaltyProgram.orderPercentage = 0;
    file.branches[0].loyaltyProgram.cashback = 7.5;
    file.branches[1].loyaltyProgram.cashback = 2.25;
    expect((await tenantImport(db(), file)).ok).toBe(true);
    const exported = await tenantExport(db(), 'reintegro');
    expect(exported?.branches[0]?.loyaltyProgram).toMatchObject({ orderPercentage: 0, cashback: 7.5 });
    expect(exported?.branches[1]?.loyaltyProgram).toEqual({
      active: false,
      name: 'Puntos Café',
      cashback: 2.25,
    });
    expect(tenantCanonical(exported)).toEqual(tenantCanonical(file));
    const again = await tenantImport(db(), exported);
    expect(again.ok && again.changed).toBe(false);

    // Back to points: cashback returns to 0 and leaves the export.
    file.branches[0].loyaltyProgram.orderPercentage = 5;
    delete file.branches[0].loyaltyProgram.cashback;
    delete file.branches[1].loyaltyProgram.cashback;
    expect((await tenantImport(db(), file)).ok).toBe(true);
    const points = await tenantExport(db(), 'reintegro');
    expect(points?.branches[0]?.loyaltyProgram).not.toHaveProperty('cashback');
    expect(points?.branches[1]?.loyaltyProgram).toEqual({ active: false, name: 'Puntos Café' });
    expect(tenantCanonical(points)).toEqual(tenantCanonical(file));
  });

  it('answers null for an unknown company', async () => {
    expect(await tenantExport(db(), 'no-existe')).toBeNull();
  });
});
