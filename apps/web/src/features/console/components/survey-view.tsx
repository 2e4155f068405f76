import { useEffect, useState } from 'react';
import { consoleSurveyNps, type SurveyNpsFigures } from '../api/venue-insights-api';
import { SurveyComments, SurveyDistribution, SurveyReasons } from './survey-figures';
import { SurveyInviteDelay } from './survey-invite-delay';
import '../survey.css';

/**
 * (decision) The periods the console offers, in days up to now. The API takes
 * any `from`/`to` up to 366 days (ADR 031); a venue compares the last week, the
 * last month (the API's default), the last quarter and the last year.
 */
export const SURVEY_PERIODS = [
  { days: 7, label: 'Últimos 7 días' },
  { days: 30, label: 'Últimos 30 días' },
  { days: 90, label: 'Últimos 90 días' },
  { days: 365, label: 'Últimos 12 meses' },
] as const;
const DEFAULT_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

/** NPS with its sign, as it is read: '+40', '−20', '0'. */
export function surveyNpsText(nps: number): string {
  if (nps > 0) return `+${nps}`;
  return nps < 0 ? `−${-nps}` : '0';
}

interface SurveyViewProps {
  token: string;
  branchContactId: number;
  /** Only an owner sets the invitation's delay (ADR 031); staff see it. */
  owner: boolean;
  /** Opens an order's detail in the console (a comment's order). */
  onOpenOrder: (orderId: number) => void;
  onFailure: (error: unknown) => void;
}

/**
 * The location's order survey (ADR 031): NPS of the general rating over a
 * chosen period, the ratings 1–5, the reasons chosen below 5, the latest
 * comments with their orders, and the delay before the invitation to rate.
 */
export default function SurveyView({
  token,
  branchContactId,
  owner,
  onOpenOrder,
  onFailure,
}: SurveyViewProps) {
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const [figures, setFigures] = useState<SurveyNpsFigures | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const to = new Date();
    const from = new Date(+to - days * DAY_MS);
    consoleSurveyNps(token, { branchContactId, from: from.toISOString(), to: to.toISOString() }).then(
      (answer) => {
        if (!current) return;
        setFigures(answer.locations.find((item) => item.branchContactId === branchContactId) ?? null);
        setLoading(false);
      },
      (error) => {
        if (current) onFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [token, branchContactId, days, onFailure]);

  const period = SURVEY_PERIODS.find((item) => item.days === days)?.label.toLowerCase() ?? '';

  return (
    <main className="console-page console-survey">
      <section className="console-panel" aria-labelledby="survey-title" aria-busy={loading}>
        <div className="console-survey__head">
          <h2 id="survey-title">Encuesta de satisfacción</h2>
          <label className="console-field console-select console-survey__period">
            <span>Período</span>
            <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {SURVEY_PERIODS.map((item) => (
                <option key={item.days} value={item.days}>
                  {item.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted">
          La calificación general del pedido, de 1 a 5: 5 son promotores, 4 pasivos y de 1 a 3 detractores. El
          NPS es el porcentaje de promotores menos el de detractores.
        </p>
        {!figures ? (
          <p className="muted">Cargando…</p>
        ) : figures.count === 0 && figures.comments.length === 0 ? (
          <p className="console-survey__empty" data-testid="survey-empty">
            Todavía no hay respuestas en los {period}. Aparecerán aquí cuando los clientes califiquen sus
            pedidos entregados.
          </p>
        ) : (
          <>
            <dl className="console-survey__summary">
              <div className="console-survey__nps">
                <dt>NPS</dt>
                <dd data-testid="survey-nps">{figures.nps === null ? '—' : surveyNpsText(figures.nps)}</dd>
              </div>
              <div>
                <dt>Respuestas</dt>
                <dd data-testid="survey-count">{figures.count}</dd>
              </div>
              <div>
                <dt>Promedio</dt>
                <dd>
                  {figures.average === null
                    ? '—'
                    : `${figures.average.toLocaleString('es-AR', { minimumFractionDigits: 1 })} de 5`}
                </dd>
              </div>
              <div>
                <dt>Promotores · pasivos · detractores</dt>
                <dd>
                  {figures.promoters} · {figures.passives} · {figures.detractors}
                </dd>
              </div>
            </dl>
            <div className="console-survey__grid">
              <SurveyDistribution distribution={figures.distribution} count={figures.count} />
              <SurveyReasons reasons={figures.reasons} />
            </div>
            <SurveyComments comments={figures.comments} onOpenOrder={onOpenOrder} />
          </>
        )}
      </section>
      {figures ? (
        <SurveyInviteDelay
          token={token}
          branchContactId={branchContactId}
          owner={owner}
          delayMinutes={figures.inviteDelayMinutes}
          onSaved={(delayMinutes) =>
            setFigures((current) => (current ? { ...current, inviteDelayMinutes: delayMinutes } : current))
          }
          onFailure={onFailure}
        />
      ) : null}
    </main>
  );
}
