/** Tenant-file rules for a brand's loyalty programme, rewards and survey. */
import { arr, type ContactRef, type FileChecks, type Loose, num, rec, recs } from './tenant-validate-checks';

export function loyaltyCheck(check: FileChecks, path: string, branch: Loose, contactRef: ContactRef): void {
  const program = rec(branch.loyaltyProgram);
  if (program) {
    const programPath = `${path}.loyaltyProgram`;
    check.percent(`${programPath}.orderPercentage`, program.orderPercentage);
    check.percent(`${programPath}.maxRedeemedPercentage`, program.maxRedeemedPercentage);
    check.percent(`${programPath}.cashback`, program.cashback);
    const cashback = num(program.cashback);
    const orderPercentage = num(program.orderPercentage);
    if (cashback !== undefined && cashback > 0 && orderPercentage !== undefined && orderPercentage > 0) {
      check.error(
        `${programPath}.cashback`,
        `must be 0 when orderPercentage is above 0 (${orderPercentage}): a programme either returns points or cashback`,
      );
    }
    const min = num(program.minRedeemedPoints);
    const max = num(program.maxRedeemedPoints);
    if (min !== undefined && max !== undefined && max < min) {
      check.error(`${programPath}.maxRedeemedPoints`, `must be at least minRedeemedPoints (${min})`);
    }
    const refs = arr(program.branchContacts);
    refs.forEach((alias, k) => {
      contactRef(`${programPath}.branchContacts[${k}]`, alias);
    });
    check.unique(
      refs.map((alias, k) => [`${programPath}.branchContacts[${k}]`, alias]),
      'branch contact',
    );
  }
  const rewards = recs(branch.loyaltyRewards);
  check.unique(
    rewards.map(([r, reward]) => [`${path}.loyaltyRewards[${r}].key`, reward.key]),
    'loyalty reward key',
  );
  for (const [r, reward] of rewards)
    contactRef(`${path}.loyaltyRewards[${r}].branchContact`, reward.branchContact);
}

export function surveyCheck(check: FileChecks, path: string, branch: Loose): void {
  const survey = rec(branch.survey);
  if (survey) {
    const keys: [string, unknown][] = [];
    for (const [q, question] of recs(survey.questions)) {
      const questionPath = `${path}.survey.questions[${q}]`;
      keys.push([`${questionPath}.key`, question.key]);
      surveyOptionsCheck(check, questionPath, question);
      for (const [r, reason] of recs(question.questionReasons)) {
        keys.push([`${questionPath}.questionReasons[${r}].key`, reason.key]);
        surveyOptionsCheck(check, `${questionPath}.questionReasons[${r}]`, reason);
      }
    }
    check.unique(keys, 'question key in this survey');
  }
}

function surveyOptionsCheck(check: FileChecks, path: string, question: Loose): void {
  if (question.type === 'multiselect' && arr(question.options).length === 0) {
    check.error(`${path}.options`, 'a multiselect question needs at least one option');
  }
}
