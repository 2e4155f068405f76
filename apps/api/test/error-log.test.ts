/**
 * A failed query logs which query and which constraint failed, never its
 * values: Drizzle's error message lists the SQL parameters and PostgreSQL's
 * `detail` repeats the row ("Failing row contains (…)"), and those hold the
 * diner's name, phone and address. Nor does the 500 answer carry them.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLogSerialize, errorMessageSafe } from '../src/lib/error-log';
import { freshPhone, palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, orderPost, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('logs of a failed query on %s', (kind) => {
  const lines: string[] = [];
  const ctx = useTestApp(kind, { logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  let palermo: LocationIds;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    // An hour the venue takes orders: at real time the order could be refused for the hour instead.
    ctx.app.clock.pin(WEDNESDAY_1300);
  });

  it('names the query and the constraint, and carries neither the name nor the phone', async () => {
    const name = 'Zoraida Inconfundible';
    const phone = freshPhone();
    const address = 'Calle Reconocible 4321';
    await ctx.database.db.execute(
      sql`alter table orders add constraint test_refuses_zoraida check (customer_name <> 'Zoraida Inconfundible') not valid`,
    );
    lines.length = 0;
    try {
      const answer = await orderPost(
        ctx,
        palermoTakeAway(palermo, { customerName: name, phone, notes: address }),
        crypto.randomUUID(),
      );
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toMatch(/Zoraida|Reconocible|test_refuses/);
      expect(JSON.stringify(answer.body)).not.toContain(phone.slice(-8));
    } finally {
      await ctx.database.db.execute(sql`alter table orders drop constraint test_refuses_zoraida`);
    }
    const failure = lines.find((line) => line.includes('unhandled error'));
    expect(failure).toBeDefined();
    const logged = JSON.parse(failure as string);
    // Which query, which constraint, which code: enough to find the fault.
    expect(logged.err.query).toMatch(/insert into orders/);
    expect(logged.err.message).toBe('Failed query');
    expect(JSON.stringify(logged.err)).toContain('test_refuses_zoraida');
    expect(JSON.stringify(logged.err)).toContain('23514');
    // No value of the row anywhere in the log.
    const leaks = lines.filter(
      (line) =>
        line.includes('Zoraida') ||
        line.includes('Reconocible') ||
        line.includes(phone) ||
        line.includes(phone.slice(-8)),
    );
    expect(leaks).toEqual([]);
  });
});

describe('a database error made safe to log', () => {
  it('keeps names of constraints, columns and types; drops quoted values, params and detail', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "+5491155550000"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (phone)=(+5491155550000) already exists.',
      where: "unnamed portal parameter $3 = '+5491155550000'",
      constraint: undefined,
    });
    expect(errorMessageSafe(error)).toBe('invalid input syntax for type integer: "[redacted]"');
    const unique = Object.assign(
      new Error('duplicate key value violates unique constraint "customers_phone_key"'),
      {
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (phone)=(+5491155550000) already exists.',
        constraint: 'customers_phone_key',
        table: 'customers',
      },
    );
    const wrapped = Object.assign(
      new Error('Failed query: insert into "customers" ("phone") values ($1)\nparams: +5491155550000'),
      {
        query: 'insert into "customers" ("phone") values ($1)',
        params: ['+5491155550000'],
        cause: unique,
      },
    );
    const text = JSON.stringify([errorLogSerialize(error), errorLogSerialize(wrapped)]);
    expect(text).not.toContain('5491155550000');
    expect(text).toContain('customers_phone_key');
    expect(text).toContain('insert into \\"customers\\" (\\"phone\\") values ($1)');
    expect(text).toContain('[1 redacted]');
  });
});
