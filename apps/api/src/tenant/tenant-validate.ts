import { supportChatBaseUrlProblem } from '@comanda/domain/support-chat';
import type { Queryable } from '../db/client';
import type { TenantFile } from './tenant-format';
import { branchContactCheck } from './tenant-validate-branch-contacts';
import {
  arr,
  type ContactRef,
  FileChecks,
  type Loose,
  rec,
  recs,
  str,
  timezoneValid,
} from './tenant-validate-checks';
import { tenantValidateAgainstDatabase } from './tenant-validate-database';
import { discountsCheck } from './tenant-validate-discounts';
import { loyaltyCheck, surveyCheck } from './tenant-validate-loyalty';
import { garnishGroupsCheck, menusCheck } from './tenant-validate-menus';
import { schemaErrors } from './tenant-validate-schema';

export { tenantValidateAgainstDatabase } from './tenant-validate-database';
export { jsonPointerToPath } from './tenant-validate-schema';

/** The outcome of validating a tenant file: the typed file, or every problem found. */
export type TenantValidation = { ok: true; tenant: TenantFile } | { ok: false; errors: string[] };

/**
 * Checks a tenant file without touching the database: its shape (the TypeBox
 * schema) and the rules that span the file. Every problem is reported, each as
 * `"<json path>: <message>"`, e.g.
 * `branches[0].menus[0].categories[1].plates[2].price: expected a number`.
 */
export function tenantValidateFile(input: unknown): TenantValidation {
  // Both passes always run, so a wrong type and a dangling reference are reported together.
  const errors = [...schemaErrors(input), ...crossErrors(input)];
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, tenant: input as TenantFile };
}

/**
 * Every check of a tenant file, the database's included (aliases and logins
 * held by other companies, a shared country redefined). What `tenantImport`
 * runs before writing; useful on its own for a dry run.
 */
export async function tenantValidate(db: Queryable, input: unknown): Promise<TenantValidation> {
  const fileCheck = tenantValidateFile(input);
  const databaseErrors = await tenantValidateAgainstDatabase(db, input);
  if (fileCheck.ok && databaseErrors.length === 0) return fileCheck;
  return { ok: false, errors: [...(fileCheck.ok ? [] : fileCheck.errors), ...databaseErrors] };
}

/** The rules that span the file: aliases, references between its parts, money and percents. */
function crossErrors(input: unknown): string[] {
  const file = rec(input);
  if (!file) return [];
  const check = new FileChecks(file);
  const country = rec(file.country);
  const zone = str(country?.timezone);
  if (zone !== undefined && !timezoneValid(zone))
    check.error('country.timezone', `unknown time zone "${zone}"`);

  const branchList = recs(file.branches);
  // Aliases are one namespace: company, brands and locations of every tenant.
  const aliasItems: [string, unknown][] = [['company.alias', rec(file.company)?.alias]];
  const contactAliases = new Set<string>();
  for (const [b, branch] of branchList) {
    aliasItems.push([`branches[${b}].alias`, branch.alias]);
    for (const [c, contact] of recs(branch.branchContacts)) {
      aliasItems.push([`branches[${b}].branchContacts[${c}].alias`, contact.alias]);
      const alias = str(contact.alias);
      if (alias) contactAliases.add(alias);
    }
  }
  check.unique(aliasItems, 'alias');

  const contactRef = (path: string, value: unknown) => {
    const alias = str(value);
    if (alias !== undefined && !contactAliases.has(alias)) {
      check.error(path, `no branch contact with alias "${alias}" in this file`);
    }
  };

  for (const [b, branch] of branchList) branchCheck(check, `branches[${b}]`, branch, contactRef);

  const staff = recs(file.staff);
  check.unique(
    staff.map(([i, member]) => [`staff[${i}].email`, member.email]),
    'staff email',
    (email) => email.toLowerCase(),
  );
  for (const [i, member] of staff) {
    const refs = arr(member.branchContacts);
    refs.forEach((alias, k) => {
      contactRef(`staff[${i}].branchContacts[${k}]`, alias);
    });
    check.unique(
      refs.map((alias, k) => [`staff[${i}].branchContacts[${k}]`, alias]),
      'branch contact',
    );
  }

  const customerList = recs(file.customers);
  check.unique(
    customerList.map(([i, customer]) => [`customers[${i}].phone`, customer.phone]),
    'customer phone',
  );

  const partnerList = recs(file.partners);
  check.unique(
    partnerList.map(([i, partner]) => [`partners[${i}].name`, partner.name]),
    'partner name',
  );
  for (const [i, partner] of partnerList) {
    for (const [d, discount] of recs(partner.generalDiscounts)) {
      check.valueDiscount(`partners[${i}].generalDiscounts[${d}]`, discount);
    }
  }
  return check.errors;
}

function branchCheck(check: FileChecks, path: string, branch: Loose, contactRef: ContactRef): void {
  const groupKeys = garnishGroupsCheck(check, path, branch);
  const { menuKeys, branchPlateKeys, branchCategoryKeys } = menusCheck(check, path, branch, groupKeys);
  discountsCheck(check, path, branch, branchPlateKeys, branchCategoryKeys);
  loyaltyCheck(check, path, branch, contactRef);
  surveyCheck(check, path, branch);
  supportChatCheck(check, `${path}.supportChat`, rec(branch.supportChat));
  for (const [c, contact] of recs(branch.branchContacts)) {
    branchContactCheck(check, `${path}.branchContacts[${c}]`, contact, menuKeys);
  }
}

const SUPPORT_CHAT_BASE_URL_PROBLEMS = {
  INVALID: 'is not a URL',
  NOT_HTTPS: 'must use https (http only on localhost or 127.0.0.1)',
  NOT_ORIGIN:
    "must be the chat server's origin only, without a path, query or credentials (https://chat.example.com)",
} as const;

/** ADR 040: the chat server is an origin the content security policy can allow as it is. */
function supportChatCheck(check: FileChecks, path: string, chat: Loose | undefined): void {
  const baseUrl = str(chat?.baseUrl);
  if (baseUrl === undefined) return;
  const problem = supportChatBaseUrlProblem(baseUrl);
  if (problem) check.error(`${path}.baseUrl`, SUPPORT_CHAT_BASE_URL_PROBLEMS[problem]);
}
