import {
  SURVEY_INVITE_DELAY_MINUTES_MAX,
  SURVEY_INVITE_DELAY_MINUTES_MIN,
  surveyInviteDelayValid,
} from '@comanda/domain/survey-invitation';
import { consoleSurveyInviteDelaySet } from '../api/venue-insights-api';
import { MINUTES_WHOLE_MESSAGE, useMinutesSetting } from '../hooks/use-minutes-setting';
import { MinutesSettingForm } from './minutes-setting-form';

/** (ours) The delay field's messages (staff: usted); the range one is the API's own. */
export const surveyDelayMessages = {
  whole: MINUTES_WHOLE_MESSAGE,
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
  const setting = useMinutesSetting({
    saved: delayMinutes,
    // The same rule as the server's (packages/domain), so the owner learns before sending.
    check: (minutes) => (surveyInviteDelayValid(minutes) ? null : surveyDelayMessages.range),
    save: async (minutes) =>
      (await consoleSurveyInviteDelaySet(token, branchContactId, minutes)).delayMinutes,
    onSaved,
    savedMessage: 'Espera de la invitación guardada.',
    onFailure,
  });

  return (
    <section className="console-panel" aria-labelledby="survey-delay-title">
      <h2 id="survey-delay-title">Invitación a calificar</h2>
      <p className="muted">
        Después de entregar un pedido, le escribimos al cliente por WhatsApp con el enlace de la encuesta, si
        aceptó recibir mensajes.
      </p>
      {owner ? (
        <MinutesSettingForm
          setting={setting}
          name="inviteDelayMinutes"
          label="Espera después de la entrega (minutos)"
          min={SURVEY_INVITE_DELAY_MINUTES_MIN}
          max={SURVEY_INVITE_DELAY_MINUTES_MAX}
        />
      ) : (
        <p data-testid="survey-delay">
          Espera después de la entrega: {delayMinutes} minutos. Solo el dueño puede cambiarla.
        </p>
      )}
    </section>
  );
}
