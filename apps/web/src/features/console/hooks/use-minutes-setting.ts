/**
 * A location's minutes setting an owner saves from the console (the abandoned
 * cart's and the survey invitation's delays, ADR 028 and 031): the typed text,
 * the same checks as the server's before sending, the server's own word on the
 * field when it refuses, and one toast when it is saved.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';

/** (ours, staff: usted) Not a whole number of minutes. */
export const MINUTES_WHOLE_MESSAGE = 'Indique los minutos con un número entero';

export function useMinutesSetting(input: {
  /** The saved minutes; null while they are read. */
  saved: number | null;
  /** Why whole minutes are refused (the domain's rule), or null. */
  check?: (minutes: number) => string | null;
  /** Sends the minutes; answers those the server kept. */
  save: (minutes: number) => Promise<number>;
  onSaved: (minutes: number) => void;
  savedMessage: string;
  onFailure: (error: unknown) => void;
}) {
  const toast = useToast();
  const [value, setValue] = useState(input.saved === null ? '' : String(input.saved));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (input.saved !== null) setValue(String(input.saved));
  }, [input.saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(value);
    if (value.trim() === '' || !Number.isInteger(minutes)) return setError(MINUTES_WHOLE_MESSAGE);
    const refusal = input.check?.(minutes) ?? null;
    if (refusal) return setError(refusal);
    setBusy(true);
    setError(null);
    try {
      input.onSaved(await input.save(minutes));
      toast(input.savedMessage, 'success');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) input.onFailure(failure);
      else if (failure instanceof ApiError && failure.fields.delayMinutes)
        setError(failure.fields.delayMinutes);
      else if (failure instanceof ApiError && failure.status === 403) setError(failure.message);
      else toast('No se pudo guardar el cambio. Intente de nuevo.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return { value, setValue, error, busy, submit };
}
