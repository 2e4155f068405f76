/** A brand's loyalty programme, rewards and survey in a tenant import. */
import { eq } from 'drizzle-orm';
import {
  loyaltyLedger,
  loyaltyProgramBranchContacts,
  loyaltyPrograms,
  loyaltyRewards,
  surveyAnswers,
  surveyQuestions,
  surveys,
} from '../db/schema';
import type { TenantBranch } from './tenant-format';
import { byKey, type ImportContext } from './tenant-import-context';

export async function saveLoyalty(ctx: ImportContext, branch: TenantBranch, branchId: number): Promise<void> {
  const [before] = await ctx.tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.branchId, branchId));
  const program = branch.loyaltyProgram;
  if (program) {
    const { id, outcome } = await ctx.save(loyaltyPrograms, before, {
      companyId: ctx.companyId,
      branchId,
      active: program.active,
      name: program.name,
      orderPercentage: program.orderPercentage ?? 0,
      cashback: program.cashback ?? 0,
      minRedeemedPoints: program.minRedeemedPoints ?? 0,
      maxRedeemedPoints: program.maxRedeemedPoints ?? null,
      maxRedeemedPercentage: program.maxRedeemedPercentage ?? null,
      supportsDiscounts: program.supportsDiscounts ?? true,
      welcomeText: program.welcomeText ?? null,
    });
    const linksChanged = await ctx.syncLinks(
      loyaltyProgramBranchContacts,
      loyaltyProgramBranchContacts.loyaltyProgramId,
      id,
      (program.branchContacts ?? []).map((alias) => ({
        loyaltyProgramId: id,
        branchContactId: ctx.contactIds.get(alias)!,
      })),
    );
    ctx.count('loyaltyPrograms', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
  } else if (before) {
    await ctx.tx.delete(loyaltyPrograms).where(eq(loyaltyPrograms.id, before.id));
    ctx.count('loyaltyPrograms', 'removed');
  }

  const existingRewards = await ctx.tx
    .select()
    .from(loyaltyRewards)
    .where(eq(loyaltyRewards.branchId, branchId));
  const rewardByKey = byKey(existingRewards);
  for (const reward of branch.loyaltyRewards ?? []) {
    await ctx.saveCounted('loyaltyRewards', loyaltyRewards, rewardByKey.get(reward.key), {
      companyId: ctx.companyId,
      branchId,
      branchContactId: reward.branchContact ? ctx.contactIds.get(reward.branchContact)! : null,
      key: reward.key,
      active: reward.active,
      reward: reward.reward,
    });
  }
  const wanted = new Set((branch.loyaltyRewards ?? []).map((reward) => reward.key));
  await removeLoyaltyRewards(
    ctx,
    existingRewards.filter((row) => !wanted.has(row.key)),
  );
}

export async function removeLoyaltyRewards(
  ctx: ImportContext,
  rows: (typeof loyaltyRewards.$inferSelect)[],
): Promise<void> {
  // A credited reward stays (inactive): deleting it would let the same customer earn it again.
  const credited = await ctx.referenced(
    loyaltyLedger.loyaltyRewardId,
    rows.map((row) => row.id),
  );
  await ctx.deleteRows(
    'loyaltyRewards',
    loyaltyRewards,
    rows.filter((row) => !credited.has(row.id)),
  );
  for (const row of rows) {
    if (credited.has(row.id) && row.active) {
      await ctx.tx.update(loyaltyRewards).set({ active: false }).where(eq(loyaltyRewards.id, row.id));
      ctx.count('loyaltyRewards', 'removed');
    }
  }
}

export async function saveSurvey(ctx: ImportContext, branch: TenantBranch, branchId: number): Promise<void> {
  const [before] = await ctx.tx.select().from(surveys).where(eq(surveys.branchId, branchId));
  if (!branch.survey) {
    if (before) await removeSurvey(ctx, before);
    return;
  }
  const surveyId = await ctx.saveCounted('surveys', surveys, before, {
    companyId: ctx.companyId,
    branchId,
    active: branch.survey.active,
  });
  const existing = await ctx.tx.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId));
  const questionByKey = byKey(existing);
  const wanted = new Set<string>();
  for (const question of branch.survey.questions) {
    wanted.add(question.key);
    const parentId = await ctx.saveCounted(
      'surveyQuestions',
      surveyQuestions,
      questionByKey.get(question.key),
      {
        companyId: ctx.companyId,
        surveyId,
        parentQuestionId: null,
        key: question.key,
        title: question.title,
        subTitle: question.subTitle ?? null,
        type: question.type,
        questionOrder: question.questionOrder,
        mandatory: question.mandatory,
        priority: question.priority,
        options: question.options ?? [],
      },
    );
    for (const [index, reason] of (question.questionReasons ?? []).entries()) {
      wanted.add(reason.key);
      await ctx.saveCounted('surveyQuestions', surveyQuestions, questionByKey.get(reason.key), {
        companyId: ctx.companyId,
        surveyId,
        parentQuestionId: parentId,
        key: reason.key,
        title: reason.title,
        subTitle: reason.subTitle ?? null,
        type: reason.type,
        questionOrder: index + 1,
        mandatory: false,
        priority: false,
        options: reason.options ?? [],
      });
    }
  }
  // Answers keep the question's title and type, so a question that left the file can go.
  await ctx.deleteRows(
    'surveyQuestions',
    surveyQuestions,
    existing.filter((row) => !wanted.has(row.key)),
  );
}

export async function removeSurvey(ctx: ImportContext, row: typeof surveys.$inferSelect): Promise<void> {
  const [answered] = await ctx.tx
    .select({ id: surveyAnswers.id })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, row.id))
    .limit(1);
  if (!answered) {
    await ctx.deleteRows('surveys', surveys, [row]);
  } else if (row.active) {
    await ctx.tx.update(surveys).set({ active: false }).where(eq(surveys.id, row.id));
    ctx.count('surveys', 'removed');
  }
}
