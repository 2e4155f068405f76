import { type Minor, moneyMinor, moneyToMajor, moneyToMinor } from '@comanda/domain/money';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import type { Queryable } from '../db/client';
import { aliases, branchContacts, branches, companies, countries, orders, staffUsers } from '../db/schema';
import { type TenantFile, TenantFileSchema } from './tenant-format';

const checker = Compile(TenantFileSchema);

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

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** The JSON pointer `/branches/0/menus` as the path people read: `branches[0].menus`. */
export function jsonPointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => {
      if (/^\d+$/.test(part)) return `${path}[${part}]`;
      const name = /^[A-Za-z_$][\w$]*$/.test(part) ? part : JSON.stringify(part);
      return path ? `${path}.${name}` : name;
    }, '');
}

const joinPath = (path: string, property: string) => (path ? `${path}.${property}` : property);

const PATTERN_MESSAGES: Record<string, string> = {
  '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$': 'expected a time as HH:MM (00:00 to 23:59)',
  '^\\+[1-9][0-9]{6,14}$': 'expected a phone in E.164 form, e.g. +5491155550101',
  '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$':
    'expected an alias of lower-case letters, digits and inner dashes (at most 64)',
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': 'expected an email address',
  '^[A-Z]{2}$': 'expected an ISO country code of two capital letters',
  '^[A-Z]{3}$': 'expected an ISO currency code of three capital letters',
  '^[1-9][0-9]{0,3}$': 'expected the country calling code, digits only (e.g. 54)',
  '^[A-Za-z0-9_-]{2,40}$': 'expected 2 to 40 letters, digits, dashes or underscores',
};

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  integer: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/**
 * Most files have a handful of problems, but a file with a systematic mistake
 * (every price a string) has hundreds; TypeBox stops at 8 by default. The
 * bound stays, as a guard against pathological input (bodies are capped at
 * 10 MB), but high enough to list a whole menu's worth.
 */
const MAX_SCHEMA_ISSUES = 2000;

function schemaIssues(input: unknown): SchemaIssue[] {
  const previous = Settings.Get().maxErrors;
  // A process-wide setting: raised only for this synchronous pass, then restored.
  Settings.Set({ maxErrors: MAX_SCHEMA_ISSUES });
  try {
    return checker.Errors(input) as unknown as SchemaIssue[];
  } finally {
    Settings.Set({ maxErrors: previous });
  }
}

function schemaErrors(input: unknown): string[] {
  if (checker.Check(input)) return [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const add = (message: string) => {
    if (!seen.has(message)) {
      seen.add(message);
      errors.push(message);
    }
  };
  for (const issue of schemaIssues(input)) {
    const path = jsonPointerToPath(issue.instancePath);
    const at = path || '(file)';
    const params = issue.params ?? {};
    switch (issue.keyword) {
      case 'required':
        for (const property of (params.requiredProperties as string[] | undefined) ?? []) {
          add(`${joinPath(path, property)}: is required`);
        }
        break;
      case 'additionalProperties':
        for (const property of (params.additionalProperties as string[] | undefined) ?? []) {
          add(`${joinPath(path, property)}: is not a field of tenant/v1`);
        }
        break;
      case 'boolean':
        // Reported once more, better worded, by the `additionalProperties` issue.
        break;
      case 'type': {
        const type = params.type as string | string[] | undefined;
        const names = (Array.isArray(type) ? type : [type ?? 'value']).map((t) => TYPE_NAMES[t] ?? t);
        add(`${at}: expected ${names.join(' or ')}`);
        break;
      }
      case 'enum': {
        const allowed = (params.allowedValues as unknown[] | undefined) ?? [];
        add(`${at}: expected one of ${allowed.map(String).join(', ')}`);
        break;
      }
      case 'const':
        add(`${at}: expected ${JSON.stringify(params.allowedValue)}`);
        break;
      case 'pattern':
        add(
          `${at}: ${PATTERN_MESSAGES[String(params.pattern)] ?? `does not match ${String(params.pattern)}`}`,
        );
        break;
      case 'minimum':
        add(`${at}: expected a value of at least ${String(params.limit)}`);
        break;
      case 'maximum':
        add(`${at}: expected a value of at most ${String(params.limit)}`);
        break;
      case 'minLength':
        add(
          `${at}: ${params.limit === 1 ? 'must not be empty' : `expected at least ${String(params.limit)} characters`}`,
        );
        break;
      case 'maxLength':
        add(`${at}: expected at most ${String(params.limit)} characters`);
        break;
      case 'minItems':
        add(`${at}: expected at least ${String(params.limit)} item(s)`);
        break;
      case 'maxItems':
        add(`${at}: expected at most ${String(params.limit)} item(s)`);
        break;
      default:
        add(`${at}: ${issue.message}`);
    }
  }
  return errors;
}

// ------------------------------------------------------------------ loose reading
//
// The rules below run even when the shape is wrong (so that every problem is
// listed at once), hence they read the input defensively: a value of the wrong
// type is simply skipped here, the schema pass has reported it already.

type Loose = Record<string, unknown>;
const rec = (value: unknown): Loose | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : undefined;
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const recs = (value: unknown): [number, Loose][] =>
  arr(value).flatMap((item, index): [number, Loose][] => {
    const record = rec(item);
    return record ? [[index, record]] : [];
  });

/** Largest fixed discount or surcharge accepted, in minor units (the column is numeric(18,4)). */
const VALUE_COLUMN_MAX_MINOR = 1_000_000_000_000;

function timezoneValid(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

class CrossChecker {
  readonly errors: string[] = [];
  private readonly mantissa: number | undefined;

  constructor(private readonly file: Loose) {
    const mantissa = rec(file.country)?.mantissaLength;
    this.mantissa =
      typeof mantissa === 'number' && Number.isInteger(mantissa) && mantissa >= 0 && mantissa <= 4
        ? mantissa
        : undefined;
  }

  private error(path: string, message: string): void {
    this.errors.push(`${path}: ${message}`);
  }

  /** A money amount must be written with at most the currency's decimals. */
  private money(path: string, value: unknown): void {
    const amount = num(value);
    if (amount === undefined || amount < 0 || this.mantissa === undefined) return;
    let minor: Minor;
    try {
      minor = moneyToMinor(amount, this.mantissa);
    } catch {
      this.error(path, 'expected an amount that fits a safe integer of minor units');
      return;
    }
    if (moneyToMajor(minor, this.mantissa) !== amount) {
      this.error(
        path,
        this.mantissa === 0
          ? `expected a whole amount: the currency has no decimals (country.mantissaLength is 0)`
          : `expected at most ${this.mantissa} decimal(s) (country.mantissaLength)`,
      );
    }
  }

  /** A fixed amount stored in a discount or surcharge value column. */
  private valueMoney(path: string, value: unknown): void {
    this.money(path, value);
    const amount = num(value);
    if (amount === undefined || this.mantissa === undefined) return;
    if (moneyToMinor(amount, this.mantissa) > VALUE_COLUMN_MAX_MINOR) {
      this.error(path, `expected at most ${moneyToMajor(moneyMinor(VALUE_COLUMN_MAX_MINOR), this.mantissa)}`);
    }
  }

  /** Percents are kept exact to four decimals. */
  private percent(path: string, value: unknown): void {
    const percent = num(value);
    if (percent === undefined) return;
    if (Math.abs(Math.round(percent * 10_000) - percent * 10_000) > 1e-6) {
      this.error(path, 'expected a percent with at most 4 decimals');
    }
  }

  /** Reports the second and later occurrences of a key among `items`. */
  private unique(
    items: [string, unknown][],
    what: string,
    normalise: (value: string) => string = (value) => value,
  ): void {
    const first = new Map<string, string>();
    for (const [path, value] of items) {
      const text = str(value);
      if (text === undefined) continue;
      const seenAt = first.get(normalise(text));
      if (seenAt) this.error(path, `duplicate ${what} "${text}" (also at ${seenAt})`);
      else first.set(normalise(text), path);
    }
  }

  run(): string[] {
    const file = this.file;
    const country = rec(file.country);
    const zone = str(country?.timezone);
    if (zone !== undefined && !timezoneValid(zone))
      this.error('country.timezone', `unknown time zone "${zone}"`);

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
    this.unique(aliasItems, 'alias');

    const contactRef = (path: string, value: unknown) => {
      const alias = str(value);
      if (alias !== undefined && !contactAliases.has(alias)) {
        this.error(path, `no branch contact with alias "${alias}" in this file`);
      }
    };

    for (const [b, branch] of branchList) this.branch(`branches[${b}]`, branch, contactRef);

    const staff = recs(file.staff);
    this.unique(
      staff.map(([i, member]) => [`staff[${i}].email`, member.email]),
      'staff email',
      (email) => email.toLowerCase(),
    );
    for (const [i, member] of staff) {
      const refs = arr(member.branchContacts);
      refs.forEach((alias, k) => {
        contactRef(`staff[${i}].branchContacts[${k}]`, alias);
      });
      this.unique(
        refs.map((alias, k) => [`staff[${i}].branchContacts[${k}]`, alias]),
        'branch contact',
      );
    }

    const customerList = recs(file.customers);
    this.unique(
      customerList.map(([i, customer]) => [`customers[${i}].phone`, customer.phone]),
      'customer phone',
    );

    const partnerList = recs(file.partners);
    this.unique(
      partnerList.map(([i, partner]) => [`partners[${i}].name`, partner.name]),
      'partner name',
    );
    for (const [i, partner] of partnerList) {
      for (const [d, discount] of recs(partner.generalDiscounts)) {
        this.valueDiscount(`partners[${i}].generalDiscounts[${d}]`, discount);
      }
    }
    return this.errors;
  }

  private valueDiscount(path: string, discount: Loose): void {
    if (discount.type === 'FIXED') this.valueMoney(`${path}.value`, discount.value);
    if (discount.type === 'PERCENT') {
      this.percent(`${path}.value`, discount.value);
      const value = num(discount.value);
      if (value !== undefined && value > 100)
        this.error(`${path}.value`, 'expected a percent of at most 100');
    }
  }

  private branch(path: string, branch: Loose, contactRef: (path: string, value: unknown) => void): void {
    const groups = recs(branch.garnishGroups);
    this.unique(
      groups.map(([g, group]) => [`${path}.garnishGroups[${g}].key`, group.key]),
      'garnish group key',
    );
    const groupKeys = new Set(groups.map(([, group]) => str(group.key)).filter((key) => key !== undefined));
    for (const [g, group] of groups) {
      const groupPath = `${path}.garnishGroups[${g}]`;
      const items = recs(group.groupItems);
      this.unique(
        items.map(([i, item]) => [`${groupPath}.groupItems[${i}].key`, item.key]),
        'garnish item key',
      );
      for (const [i, item] of items) this.money(`${groupPath}.groupItems[${i}].price`, item.price);
      const min = num(group.minGarnishAmount);
      const max = num(group.maxGarnishAmount);
      if (min !== undefined && max !== undefined && max < min) {
        this.error(`${groupPath}.maxGarnishAmount`, `must be at least minGarnishAmount (${min})`);
      }
    }

    const menuList = recs(branch.menus);
    this.unique(
      menuList.map(([m, menu]) => [`${path}.menus[${m}].key`, menu.key]),
      'menu key',
    );
    const menuKeys = new Set(menuList.map(([, menu]) => str(menu.key)).filter((key) => key !== undefined));
    const branchPlateKeys = new Set<string>();
    const branchCategoryKeys = new Set<string>();
    for (const [m, menu] of menuList) {
      const menuPath = `${path}.menus[${m}]`;
      const categoryList = recs(menu.categories);
      this.unique(
        categoryList.map(([c, category]) => [`${menuPath}.categories[${c}].key`, category.key]),
        'category key in this menu',
      );
      const plateItems: [string, unknown][] = [];
      const menuPlateKeys = new Set<string>();
      for (const [c, category] of categoryList) {
        const categoryKey = str(category.key);
        if (categoryKey) branchCategoryKeys.add(categoryKey);
        for (const [p, plate] of recs(category.plates)) {
          const platePath = `${menuPath}.categories[${c}].plates[${p}]`;
          plateItems.push([`${platePath}.key`, plate.key]);
          const plateKey = str(plate.key);
          if (plateKey) {
            menuPlateKeys.add(plateKey);
            branchPlateKeys.add(plateKey);
          }
          this.plate(platePath, plate, groupKeys, `${path}.garnishGroups`);
        }
      }
      this.unique(plateItems, 'plate key in this menu');
      for (const list of ['remarkeds', 'upselleds'] as const) {
        const refs = arr(menu[list]);
        refs.forEach((key, k) => {
          const text = str(key);
          if (text !== undefined && !menuPlateKeys.has(text)) {
            this.error(`${menuPath}.${list}[${k}]`, `no plate with key "${text}" in this menu`);
          }
        });
        this.unique(
          refs.map((key, k) => [`${menuPath}.${list}[${k}]`, key]),
          'plate',
        );
      }
    }

    const plateRef = (refPath: string, value: unknown) => {
      const key = str(value);
      if (key !== undefined && !branchPlateKeys.has(key)) {
        this.error(refPath, `no plate with key "${key}" in the menus of this branch`);
      }
    };

    for (const [d, discount] of recs(branch.discounts))
      this.menuDiscount(`${path}.discounts[${d}]`, discount, plateRef);

    const codes = recs(branch.codeDiscounts);
    this.unique(
      codes.map(([d, discount]) => [`${path}.codeDiscounts[${d}].code`, discount.code]),
      'code (codes ignore case)',
      (code) => code.toUpperCase(),
    );
    for (const [d, discount] of codes) {
      const codePath = `${path}.codeDiscounts[${d}]`;
      if (discount.type === 'FIXED') this.valueMoney(`${codePath}.value`, discount.value);
      if (discount.type === 'PERCENT') {
        this.percent(`${codePath}.value`, discount.value);
        const value = num(discount.value);
        if (value !== undefined && value > 100)
          this.error(`${codePath}.value`, 'expected a percent of at most 100');
      }
      this.money(`${codePath}.minimumOrderAmount`, discount.minimumOrderAmount);
      this.money(`${codePath}.maximumDiscountAmount`, discount.maximumDiscountAmount);
      plateRef(`${codePath}.plate`, discount.plate);
      const category = str(discount.category);
      if (category !== undefined && !branchCategoryKeys.has(category)) {
        this.error(`${codePath}.category`, `no category with key "${category}" in the menus of this branch`);
      }
      if (discount.limitedUsage === true && discount.usageLimit === undefined) {
        this.error(`${codePath}.usageLimit`, 'is required when limitedUsage is true');
      }
    }

    const program = rec(branch.loyaltyProgram);
    if (program) {
      const programPath = `${path}.loyaltyProgram`;
      this.percent(`${programPath}.orderPercentage`, program.orderPercentage);
      this.percent(`${programPath}.maxRedeemedPercentage`, program.maxRedeemedPercentage);
      const min = num(program.minRedeemedPoints);
      const max = num(program.maxRedeemedPoints);
      if (min !== undefined && max !== undefined && max < min) {
        this.error(`${programPath}.maxRedeemedPoints`, `must be at least minRedeemedPoints (${min})`);
      }
      const refs = arr(program.branchContacts);
      refs.forEach((alias, k) => {
        contactRef(`${programPath}.branchContacts[${k}]`, alias);
      });
      this.unique(
        refs.map((alias, k) => [`${programPath}.branchContacts[${k}]`, alias]),
        'branch contact',
      );
    }
    const rewards = recs(branch.loyaltyRewards);
    this.unique(
      rewards.map(([r, reward]) => [`${path}.loyaltyRewards[${r}].key`, reward.key]),
      'loyalty reward key',
    );
    for (const [r, reward] of rewards)
      contactRef(`${path}.loyaltyRewards[${r}].branchContact`, reward.branchContact);

    const survey = rec(branch.survey);
    if (survey) {
      const keys: [string, unknown][] = [];
      for (const [q, question] of recs(survey.questions)) {
        const questionPath = `${path}.survey.questions[${q}]`;
        keys.push([`${questionPath}.key`, question.key]);
        this.surveyOptions(questionPath, question);
        for (const [r, reason] of recs(question.questionReasons)) {
          keys.push([`${questionPath}.questionReasons[${r}].key`, reason.key]);
          this.surveyOptions(`${questionPath}.questionReasons[${r}]`, reason);
        }
      }
      this.unique(keys, 'question key in this survey');
    }

    for (const [c, contact] of recs(branch.branchContacts)) {
      this.branchContact(`${path}.branchContacts[${c}]`, contact, menuKeys);
    }
  }

  private surveyOptions(path: string, question: Loose): void {
    if (question.type === 'multiselect' && arr(question.options).length === 0) {
      this.error(`${path}.options`, 'a multiselect question needs at least one option');
    }
  }

  private plate(path: string, plate: Loose, groupKeys: Set<string>, groupsPath: string): void {
    const hasPrice = plate.price !== undefined;
    const hasSizes = plate.sizes !== undefined;
    if (hasPrice && hasSizes) this.error(path, 'has both price and sizes; a plate has one or the other');
    if (!hasPrice && !hasSizes) this.error(path, 'needs a price or sizes');
    this.money(`${path}.price`, plate.price);
    const sizes = recs(plate.sizes);
    if (hasSizes && Array.isArray(plate.sizes) && plate.sizes.length === 0) {
      this.error(`${path}.sizes`, 'expected at least one size');
    }
    this.unique(
      sizes.map(([s, size]) => [`${path}.sizes[${s}].key`, size.key]),
      'size key',
    );
    for (const [s, size] of sizes) this.money(`${path}.sizes[${s}].price`, size.price);
    const refs = arr(plate.garnishGroups);
    refs.forEach((key, g) => {
      const text = str(key);
      if (text !== undefined && !groupKeys.has(text)) {
        this.error(`${path}.garnishGroups[${g}]`, `no garnish group with key "${text}" in ${groupsPath}`);
      }
    });
    this.unique(
      refs.map((key, g) => [`${path}.garnishGroups[${g}]`, key]),
      'garnish group',
    );
  }

  private menuDiscount(
    path: string,
    discount: Loose,
    plateRef: (path: string, value: unknown) => void,
  ): void {
    const required: Record<string, string[]> = {
      PERCENT: ['percentage'],
      FIXED: ['fixedDiscount'],
      MULTIPLE: ['buy', 'pay'],
      FINAL_PRICE: ['finalPrice'],
    };
    const type = str(discount.type);
    for (const field of (type && required[type]) || []) {
      if (discount[field] === undefined) this.error(`${path}.${field}`, `is required for a ${type} discount`);
    }
    this.percent(`${path}.percentage`, discount.percentage);
    this.money(`${path}.fixedDiscount`, discount.fixedDiscount);
    this.money(`${path}.finalPrice`, discount.finalPrice);
    const buy = num(discount.buy);
    const pay = num(discount.pay);
    if (type === 'MULTIPLE' && buy !== undefined && pay !== undefined && !(pay < buy)) {
      this.error(`${path}.pay`, `must be less than buy (${buy})`);
    }
    arr(discount.plates).forEach((key, k) => {
      plateRef(`${path}.plates[${k}]`, key);
    });
    this.unique(
      arr(discount.validDays).map((day, k) => [`${path}.validDays[${k}]`, day]),
      'day',
    );
  }

  private branchContact(path: string, contact: Loose, menuKeys: Set<string>): void {
    const zone = str(contact.timezone);
    if (zone !== undefined && !timezoneValid(zone))
      this.error(`${path}.timezone`, `unknown time zone "${zone}"`);

    for (const [z, deliveryZone] of recs(rec(contact.deliveryConfig)?.deliveryZones)) {
      const zonePath = `${path}.deliveryConfig.deliveryZones[${z}]`;
      const hasRadius = deliveryZone.radiusMeters !== undefined;
      const hasPolygon = deliveryZone.polygon !== undefined;
      if (hasRadius === hasPolygon) {
        this.error(zonePath, 'needs either radiusMeters or polygon (one of the two)');
      }
      if (Array.isArray(deliveryZone.polygon)) {
        const ring = deliveryZone.polygon as unknown[];
        if (ring.length < 4) {
          this.error(
            `${zonePath}.polygon`,
            'a closed polygon needs at least 4 points (the last repeats the first)',
          );
        } else if (!valuesEqualPoint(ring[0], ring[ring.length - 1])) {
          this.error(`${zonePath}.polygon`, 'is not closed: the last point must repeat the first');
        }
      }
      for (const field of ['fee', 'cashFee', 'minimumOrderPrice', 'freeDeliveryFrom']) {
        this.money(`${zonePath}.${field}`, deliveryZone[field]);
      }
    }

    const modes = recs(contact.orderModes);
    this.unique(
      modes.map(([o, mode]) => [`${path}.orderModes[${o}].key`, mode.key]),
      'order mode key in this branch contact',
    );
    for (const [o, mode] of modes) {
      const modePath = `${path}.orderModes[${o}]`;
      const menu = str(mode.menu);
      if (menu !== undefined && !menuKeys.has(menu)) {
        this.error(`${modePath}.menu`, `no menu with key "${menu}" in this branch`);
      }
      const min = num(mode.minDelayInMinutes);
      const max = num(mode.maxDelayInMinutes);
      if (min !== undefined && max !== undefined && max < min) {
        this.error(`${modePath}.maxDelayInMinutes`, `must be at least minDelayInMinutes (${min})`);
      }
      for (const [s, schedule] of recs(mode.schedules)) {
        for (const [k, config] of recs(schedule.scheduleConfigs)) {
          const configPath = `${modePath}.schedules[${s}].scheduleConfigs[${k}]`;
          const days = recs(config.workingDays);
          this.unique(
            days.map(([d, day]) => [`${configPath}.workingDays[${d}].dayOfWeek`, day.dayOfWeek]),
            'day (list its hours in one entry)',
          );
          for (const [d, day] of days) {
            for (const [h, hours] of recs(day.workingHours)) {
              if (str(hours.startAt) !== undefined && hours.startAt === hours.endAt) {
                this.error(
                  `${configPath}.workingDays[${d}].workingHours[${h}].endAt`,
                  'must differ from startAt (an endAt earlier than startAt runs past midnight)',
                );
              }
            }
          }
        }
      }
      this.unique(
        recs(mode.paymentTypes).map(([t, type]) => [`${modePath}.paymentTypes[${t}].key`, type.key]),
        'payment type key in this order mode',
      );
      const fees = rec(mode.fees);
      this.money(`${modePath}.fees.userFee`, fees?.userFee);
      this.percent(`${modePath}.fees.percentageUserFee`, fees?.percentageUserFee);
      for (const [d, discount] of recs(mode.generalDiscounts)) {
        this.valueDiscount(`${modePath}.generalDiscounts[${d}]`, discount);
      }
      for (const [d, surcharge] of recs(mode.generalSurcharges)) {
        this.valueDiscount(`${modePath}.generalSurcharges[${d}]`, surcharge);
      }
    }
    this.unique(
      recs(contact.riders).map(([r, rider]) => [`${path}.riders[${r}].phone`, rider.phone]),
      'rider phone in this branch contact',
    );
  }
}

function valuesEqualPoint(a: unknown, b: unknown): boolean {
  return (
    Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => value === b[i])
  );
}

function crossErrors(input: unknown): string[] {
  const file = rec(input);
  if (!file) return [];
  return new CrossChecker(file).run();
}

// -------------------------------------------------------------- database checks

/**
 * The rules that need the database: aliases and staff logins are unique
 * across tenants, so a file may not claim one that another company holds; a
 * country shared with other companies may not be redefined by one of them;
 * and a company with orders may not change its currency's precision (its
 * stored amounts would change meaning). Read-only; the importer calls it
 * inside its transaction, after taking the import lock.
 */
export async function tenantValidateAgainstDatabase(db: Queryable, input: unknown): Promise<string[]> {
  const file = rec(input);
  if (!file) return ['(file): expected a JSON object'];
  const errors: string[] = [];
  const companyAlias = str(rec(file.company)?.alias);
  const [company] = companyAlias
    ? await db
        .select({ id: companies.id, countryCode: companies.countryCode })
        .from(companies)
        .where(eq(companies.alias, companyAlias))
    : [];
  const companyId = company?.id ?? -1;

  const claimed: [string, string, 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT'][] = [];
  if (companyAlias) claimed.push(['company.alias', companyAlias, 'COMPANY']);
  for (const [b, branch] of recs(file.branches)) {
    const alias = str(branch.alias);
    if (alias) claimed.push([`branches[${b}].alias`, alias, 'BRANCH']);
    for (const [c, contact] of recs(branch.branchContacts)) {
      const contactAlias = str(contact.alias);
      if (contactAlias)
        claimed.push([`branches[${b}].branchContacts[${c}].alias`, contactAlias, 'BRANCH_CONTACT']);
    }
  }
  const names = [...new Set(claimed.map(([, alias]) => alias))];
  if (names.length > 0) {
    // Entities that left their tenant's file keep their alias column after the
    // alias row is dropped, so the entity tables are asked as well.
    const taken = new Map<string, string>();
    const aliasRows = await db
      .select({ alias: aliases.alias, companyId: aliases.companyId, type: aliases.type })
      .from(aliases)
      .where(inArray(aliases.alias, names));
    for (const row of aliasRows) {
      if (row.companyId !== companyId) taken.set(row.alias, 'another company');
    }
    const entityRows = [
      ...(await db
        .select({ alias: companies.alias })
        .from(companies)
        .where(and(inArray(companies.alias, names), ne(companies.id, companyId)))),
      ...(await db
        .select({ alias: branches.alias })
        .from(branches)
        .where(and(inArray(branches.alias, names), ne(branches.companyId, companyId)))),
      ...(await db
        .select({ alias: branchContacts.alias })
        .from(branchContacts)
        .where(and(inArray(branchContacts.alias, names), ne(branchContacts.companyId, companyId)))),
    ];
    for (const row of entityRows) taken.set(row.alias, 'another company');
    for (const [path, alias, type] of claimed) {
      if (taken.has(alias)) {
        errors.push(`${path}: alias "${alias}" already belongs to ${taken.get(alias)}`);
        continue;
      }
      const own = aliasRows.find((row) => row.alias === alias);
      if (type === 'COMPANY' && own && own.type !== 'COMPANY') {
        errors.push(
          `${path}: alias "${alias}" is already used by a ${own.type.toLowerCase()} of this company`,
        );
      }
    }
  }

  const staffItems = recs(file.staff)
    .map(([i, member]) => [i, str(member.email)?.toLowerCase()] as const)
    .filter((item): item is readonly [number, string] => item[1] !== undefined);
  if (staffItems.length > 0) {
    const rows = await db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(
        and(
          inArray(
            staffUsers.email,
            staffItems.map(([, email]) => email),
          ),
          ne(staffUsers.companyId, companyId),
        ),
      );
    const takenEmails = new Set(rows.map((row) => row.email));
    for (const [i, email] of staffItems) {
      if (takenEmails.has(email))
        errors.push(`staff[${i}].email: "${email}" is already a login of another company`);
    }
  }

  const country = rec(file.country);
  const code = str(country?.code);
  if (country && code) {
    const [stored] = await db.select().from(countries).where(eq(countries.code, code));
    if (stored) {
      const desired: Record<string, unknown> = {
        name: country.name,
        currencyCode: rec(country.currency)?.code,
        currencySymbol: rec(country.currency)?.symbol,
        phonePrefix: country.phonePrefix,
        mantissaLength: country.mantissaLength,
        timezone: country.timezone,
      };
      const differing = Object.entries(desired)
        .filter(([field, value]) => value !== undefined && stored[field as keyof typeof stored] !== value)
        .map(([field]) => field);
      if (differing.length > 0) {
        const [other] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.countryCode, code), ne(companies.id, companyId)))
          .limit(1);
        if (other) {
          errors.push(
            `country: differs from the stored country ${code} that other companies use (${differing.join(', ')}); use the same values`,
          );
        }
      }
    }
    if (company && typeof country.mantissaLength === 'number') {
      const [current] = await db
        .select({ mantissaLength: countries.mantissaLength })
        .from(countries)
        .where(eq(countries.code, company.countryCode));
      if (current && current.mantissaLength !== country.mantissaLength) {
        const [ordered] = await db
          .select({ one: sql<number>`1` })
          .from(orders)
          .where(eq(orders.companyId, companyId))
          .limit(1);
        if (ordered) {
          errors.push(
            `country.mantissaLength: cannot change from ${current.mantissaLength} to ${country.mantissaLength} once the company has orders (their amounts would change meaning)`,
          );
        }
      }
    }
  }
  return errors;
}
