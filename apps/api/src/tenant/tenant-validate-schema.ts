/**
 * The shape pass of tenant-file validation: the TypeBox schema's issues,
 * worded for people and placed at the JSON path they concern.
 */
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { TenantFileSchema } from './tenant-format';

const checker = Compile(TenantFileSchema);

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
  '^\\d{4}-\\d{2}-\\d{2}$': 'expected a date as YYYY-MM-DD',
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

export function schemaErrors(input: unknown): string[] {
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
