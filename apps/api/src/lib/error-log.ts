/**
 * Errors as they may be logged: without the values of a failed query. Drizzle's
 * DrizzleQueryError puts the SQL parameters in its message and stack ("params:
 * +5491…,Ana Pérez,…") and keeps them in `params`; PostgreSQL's errors (pg and
 * PGlite alike) carry row values in `detail` ("Key (phone)=(…) already
 * exists", "Failing row contains (…)"), in `where`, and sometimes quoted in the
 * message ('invalid input syntax for type integer: "…"'). Those are phones,
 * names and addresses: a log keeps the SQL text, the error code, the
 * constraint, table and column, never the values.
 */

/** Fields of a database error that hold values, not names. */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'parameters', 'hint', 'internalQuery']);
const MAX_CAUSES = 5;

/** The part of a Drizzle message that lists the parameters, up to the stack's first frame. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
// A quoted text in a PostgreSQL message is a value unless a word says it names something.
const QUOTED =
  /(\b(?:constraint|relation|column|table|index|type|function|schema|sequence|database|role|encoding|operator|trigger|view|extension|collation|domain|enum|of|for)\s+)?"((?:[^"]|"")*)"/gi;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (value !== null && typeof value === 'object' && 'message' in value && 'stack' in value)
  );
}

/** A PostgreSQL error (pg's DatabaseError, PGlite's): a five-character SQLSTATE code and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

/** A message without the values it may carry. */
export function errorMessageSafe(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  let message = String(error.message ?? '');
  // Drizzle's "Failed query: <sql>\nparams: <values>": the SQL is logged once, as `query`.
  if (typeof error.query === 'string' && message.startsWith('Failed query:')) return 'Failed query';
  message = message.replace(PARAMS_LINE, '');
  if (isDatabaseError(error)) {
    message = message.replace(QUOTED, (whole, naming: string | undefined) =>
      naming ? whole : '"[redacted]"',
    );
  }
  return message;
}

/** The stack with its first lines (the message) replaced by the safe message. */
function stackSafe(error: ErrorLike, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  if (isDatabaseError(error)) return undefined; // the stack of a protocol parser says nothing useful
  const original = String(error.message ?? '');
  const stack =
    original && error.stack.includes(original) ? error.stack.replace(original, message) : error.stack;
  return stack.replace(PARAMS_LINE, '');
}

/**
 * Pino's `err` serializer: the error's type, safe message and stack, its own
 * fields but the value-holding ones, `params` as a count, and its causes.
 */
export function errorLogSerialize(error: unknown, depth = 0, query?: unknown): unknown {
  if (!isErrorLike(error)) return error;
  const message = errorMessageSafe(error);
  const constructorName = error.constructor?.name;
  const out: Record<string, unknown> = {
    type: isDatabaseError(error)
      ? 'DatabaseError'
      : constructorName && constructorName !== 'Object'
        ? constructorName
        : error.name,
    message,
  };
  const stack = stackSafe(error, message);
  if (stack) out.stack = stack;
  for (const key of Object.keys(error)) {
    // A cause repeating its wrapper's SQL (PGlite's does) need not log it twice.
    if (key === 'cause' || key in out || (key === 'query' && error[key] === query)) continue;
    const value = error[key];
    if (key === 'params' && Array.isArray(value)) out.params = `[${value.length} redacted]`;
    else if (VALUE_FIELDS.has(key)) out[key] = value == null ? value : '[redacted]';
    else out[key] = isErrorLike(value) && depth < MAX_CAUSES ? errorLogSerialize(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    out.cause = errorLogSerialize(error.cause, depth + 1, error.query ?? query);
  }
  return out;
}

/** `errorLogSerialize` typed as the logger's `err` serializer. */
export function errorLogSerializer(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  return errorLogSerialize(error) as { type: string; message: string; stack: string };
}
