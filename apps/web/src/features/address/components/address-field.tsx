/** One text field of the address modal: its label (a * when required), its input and its own message. */
import { AUTOCOMPLETE, FIELD_LABELS, type TextFields } from '../lib/address-form';

export function AddressField({
  name,
  id,
  errorId,
  alertId,
  value,
  required,
  error,
  missing,
  inputRef,
  onChange,
}: {
  name: keyof TextFields;
  id: string;
  errorId: string;
  /** The message under the fields that names every missing one ('Asegúrese de completar…'). */
  alertId: string;
  value: string;
  required: boolean;
  /** The field's own message (direccion, entrecalles), or null. */
  error: string | null;
  /** Left empty while the complex inputs require it: described by the message under the fields. */
  missing: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
}) {
  const describedBy = [error ? errorId : null, missing ? alertId : null].filter(Boolean).join(' ');
  return (
    <div className="address-field">
      <label htmlFor={id} className="address-field__label">
        {FIELD_LABELS[name]}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true">*</span>
          </>
        ) : null}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="address-field__input"
        type="text"
        autoComplete={AUTOCOMPLETE[name]}
        inputMode={name === 'postalCode' ? 'text' : undefined}
        maxLength={name === 'postalCode' ? 12 : 200}
        aria-required={required || undefined}
        aria-invalid={error || missing ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
