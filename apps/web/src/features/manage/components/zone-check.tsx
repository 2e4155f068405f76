/**
 * '¿Llega a esta dirección?' (ADR 055): a test address checked by the API
 * against the zones as they are on screen (the unsaved draft), found with the
 * storefront's geocoder. The answer is read out (live region) and pinned on
 * the map.
 */
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { ZonesCheckResult } from '../api/zones-api';

interface ZoneCheckProps {
  /** Runs the check with the draft; rejects with the local problems when the draft is not valid. */
  onCheck: (address: string) => Promise<ZonesCheckResult>;
  result: ZonesCheckResult | null;
}

export function ZoneCheck({ onCheck, result }: ZoneCheckProps) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim().length < 3) {
      setError('Escriba la calle y la altura');
      return;
    }
    setBusy(true);
    setError(null);
    onCheck(address.trim())
      .catch((cause: unknown) => {
        if (cause instanceof ApiError && cause.status >= 500) {
          setError('El servicio de direcciones no responde: intente de nuevo en unos minutos.');
        } else if (cause instanceof ApiError) {
          setError(
            cause.fields.address ??
              (cause.status === 400 ? 'Revise los datos de las zonas marcados' : cause.message),
          );
        } else if (cause instanceof Error && cause.message) setError(cause.message);
        else setError('No pudimos probar la dirección. Revise la conexión e intente de nuevo.');
      })
      .finally(() => setBusy(false));
  };

  return (
    <form className="zones-check" onSubmit={submit}>
      <label className="console-field">
        ¿Llega a esta dirección?
        <span className="zones-check__row">
          <input
            value={address}
            placeholder="Calle y altura"
            autoComplete="off"
            onChange={(event) => setAddress(event.target.value)}
          />
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? 'Probando…' : 'Probar'}
          </button>
        </span>
      </label>
      <div aria-live="polite" className="zones-check__result">
        {error ? <p className="console-error">{error}</p> : null}
        {!error && result ? (
          <p className={result.reached ? 'zones-check__yes' : 'zones-check__no'}>
            <strong>{result.message}</strong>
            {result.point.label ? <span className="muted"> · {result.point.label}</span> : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
