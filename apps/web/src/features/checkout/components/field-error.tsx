/**
 * A checkout field's error, tied to its input by id (`aria-describedby`), so a
 * screen reader reads the message with the field.
 */
export function fieldErrorId(formId: string, field: string, error: string | null): string | undefined {
  return error ? `${formId}-${field}-error` : undefined;
}

export function FieldError({
  formId,
  field,
  error,
}: {
  formId: string;
  field: string;
  error: string | null;
}) {
  return error ? (
    <span id={`${formId}-${field}-error`} className="field-error">
      {error}
    </span>
  ) : null;
}
