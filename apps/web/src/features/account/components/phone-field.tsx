import { PHONE_COUNTRIES, PHONE_COUNTRY_LABELS, type PhoneCountry } from '@comanda/domain/phone';

interface PhoneFieldProps {
  /** The number input's id, which the caller's <label> points at. */
  id: string;
  country: PhoneCountry;
  onCountryChange: (country: PhoneCountry) => void;
  value: string;
  onChange: (value: string) => void;
  /** The id of the message refusing the number, when one shows. */
  errorId?: string;
}

/** (ours) How an Argentine mobile is typed, with its 9: without it the number is another one. */
const PLACEHOLDERS: Partial<Record<PhoneCountry, string>> = { ar: '9 11 2345-6789' };

/**
 * A phone as the account's forms ask for it: the spec's countries (the
 * caller picks the venue's own first) and the number, typed nationally.
 */
export function PhoneField({ id, country, onCountryChange, value, onChange, errorId }: PhoneFieldProps) {
  return (
    <div className="account-phone">
      <select
        aria-label="País del teléfono"
        value={country}
        onChange={(event) => onCountryChange(event.target.value as PhoneCountry)}
      >
        {PHONE_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {PHONE_COUNTRY_LABELS[code]}
          </option>
        ))}
      </select>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PLACEHOLDERS[country]}
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
