import {
  SURVEY_INVITE_DELAY_MINUTES_MAX,
  SURVEY_INVITE_DELAY_MINUTES_MIN,
  surveyInviteDelayValid,
} from '@comanda/domain/survey-invitation';
import { type FormEvent, useEffect, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { consoleSurveyInviteDelaySet } from '../api/venue-insights-api';

/** (ours) The delay field's messages (staff: usted); the range one is the API's own. */
export const surveyDelayMessages = {
  whole: 'Indique los minutos con un número entero',
  range: `Indique entre ${SURVEY_INVITE_DELAY_MINUTES_MIN} y ${SURVEY_INVITE_DELAY_MINUTES_MAX} minutos`,
} as const;

interface SurveyInviteDelayProps {
  token: string;
  branchContactId: number;
  owner: boolean;
  delayMinutes: number;
  onSaved: (delayMinutes: number) => void;
  onFailure: (error: unknown) => void;
}

/** The minutes after delivery before the WhatsApp invitation to rate (ADR 031): owners set it, staff read it. */
export function SurveyInviteDelay({
  token,
  branchContactId,
  owner,
  delayMinutes,
  onSaved,
  onFailure,
}: SurveyInviteDelayProps) {
  const toast = useToast();
  const [value, setValue] = useState(String(delayMinutes));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(String(delayMinutes)), [delayMinutes]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(value);
    // The same rule as the server's (packages/domain), so the owner learns before sending.
    if (value.trim() === '' || !Number.isInteger(minutes)) return setError(surveyDelayMessages.whole);
    if (!surveyInviteDelayValid(minutes)) return setError(surveyDelayMessages.range);
    setBusy(true);
    setError(null);
    try {
      const saved = await consoleSurveyInviteDelaySet(token, branchContactId, minutes);
      onSaved(saved.delayMinutes);
      toast('Espera de la invitación guardada.', 'success');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onFailure(failure);
      else if (failure instanceof ApiError && failure.fields.delayMinutes)
        setError(failure.fields.delayMinutes);
      else if (failure instanceof ApiError && failure.status === 403) setError(failure.message);
      else toast('No se pudo guardar el cambio. Intente de nuevo.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console-panel" aria-labelledby="survey-delay-title">
      <h2 id="survey-delay-title">Invitación a calificar</h2>
      <p className="muted">
        Después de entregar un pedido, le escribimos al cliente por WhatsApp con el enlace de la encuesta, si
        aceptó recibir mensajes.
      </p>
      {owner ? (
        <form className="console-abandoned__delay" onSubmit={save} noValidate>
          <label className="console-field">
            <span>Espera después de la entrega (minutos)</span>
            <input
              type="number"
              inputMode="numeric"
              name="inviteDelayMinutes"
              min={SURVEY_INVITE_DELAY_MINUTES_MIN}
              max={SURVEY_INVITE_DELAY_MINUTES_MAX}
              step={1}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'inviteDelayMinutes-error' : 'inviteDelayMinutes-hint'}
            />
            {error ? (
              <span id="inviteDelayMinutes-error" className="console-error">
                {error}
              </span>
            ) : (
              <span id="inviteDelayMinutes-hint" className="muted">
                Entre {SURVEY_INVITE_DELAY_MINUTES_MIN} y {SURVEY_INVITE_DELAY_MINUTES_MAX} minutos (un día).
              </span>
            )}
          </label>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando…' : 'Guardar espera'}
          </button>
        </form>
      ) : (
        <p data-testid="survey-delay">
          Espera después de la entrega: {delayMinutes} minutos. Solo el dueño puede cambiarla.
        </p>
      )}
    </section>
  );
}
