/**
 * Loyalty rewards (ordering §3 "Loyalty reward") and their one credit per
 * customer (ADR 027). The credit runs inside the sign-up's transaction, after
 * the customer's row lock (the only lock it takes).
 */
import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { customers, loyaltyLedger, loyaltyPrograms, loyaltyRewards } from '../db/schema/customers';
import { branches, companies, countries } from '../db/schema/tenant';
import type { CountryRow } from './tenant-repository';

export type LoyaltyRewardRow = typeof loyaltyRewards.$inferSelect;

/**
 * A reward that is offered: active, of a live branch whose loyalty programme
 * is active; with its company's country (phones are read in it). Undefined
 * otherwise: unknown, inactive and programme-off rewards are alike.
 */
export async function loyaltyRewardOffered(
  db: Queryable,
  rewardId: number,
): Promise<{ reward: LoyaltyRewardRow; country: CountryRow } | undefined> {
  const [row] = await db
    .select({ reward: loyaltyRewards, country: countries })
    .from(loyaltyRewards)
    .innerJoin(
      branches,
      and(
        eq(branches.id, loyaltyRewards.branchId),
        eq(branches.companyId, loyaltyRewards.companyId),
        ne(branches.position, RETIRED_POSITION),
      ),
    )
    .innerJoin(
      loyaltyPrograms,
      and(
        eq(loyaltyPrograms.branchId, loyaltyRewards.branchId),
        eq(loyaltyPrograms.companyId, loyaltyRewards.companyId),
        eq(loyaltyPrograms.active, true),
      ),
    )
    .innerJoin(companies, eq(companies.id, loyaltyRewards.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(eq(loyaltyRewards.id, rewardId), eq(loyaltyRewards.active, true)))
    .limit(1);
  return row;
}

/**
 * Credits a reward's points to a locked customer, once: the balance moves only
 * if no ledger row of this reward exists for the customer (a conditional
 * update), and the REWARD row is written with the balance after it. The
 * ledger's unique index `loyalty_ledger_reward_once` refuses a second row even
 * if two credits ever got past the condition. Null when it was credited before.
 */
export async function loyaltyRewardCredit(
  tx: Tx,
  values: {
    companyId: number;
    customerId: number;
    branchId: number;
    rewardId: number;
    points: number;
    now: Date;
  },
): Promise<{ postBalance: number } | null> {
  const credited = tx
    .select({ id: loyaltyLedger.id })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.customerId, values.customerId),
        eq(loyaltyLedger.loyaltyRewardId, values.rewardId),
      ),
    );
  const [updated] = await tx
    .update(customers)
    .set({
      loyaltyPointsBalance: sql`${customers.loyaltyPointsBalance} + ${values.points}`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(customers.id, values.customerId),
        eq(customers.companyId, values.companyId),
        notExists(credited),
      ),
    )
    .returning({ balance: customers.loyaltyPointsBalance });
  if (!updated) return null;
  await tx.insert(loyaltyLedger).values({
    companyId: values.companyId,
    customerId: values.customerId,
    branchId: values.branchId,
    kind: 'REWARD',
    loyaltyRewardId: values.rewardId,
    amount: values.points,
    postBalance: updated.balance,
    createdAt: values.now,
  });
  return { postBalance: updated.balance };
}
