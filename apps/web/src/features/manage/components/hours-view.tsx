/**
 * 'Horarios' (ADR 054): a location's order modes — shifts per weekday,
 * special days, lead times, and for the OWNER name, switches and fees —
 * edited as a draft with a live "as the diner sees it" preview, saved in one
 * go through the tenant import's rules. A save over someone else's change
 * (409) keeps the draft until the user chooses to load the current data.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type HoursMode, type HoursRead, hoursGet, hoursSave } from '../api/hours-api';
import { type HoursDraft, hoursDraftOf, hoursFieldKey, hoursMessage, hoursModeOf } from '../lib/hours-draft';
import { HoursModeEditor } from './hours-mode-editor';
import type { ManageTabProps } from './manage-tabs';
import '../hours.css';

const MODE_WORDS: Record<string, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Retiro en el local',
  DINE_IN: 'En el salón',
  SELF_SERVICE: 'Autoservicio',
};

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; changed: boolean }
  | { kind: 'invalid'; message: string; general: string[] }
  | { kind: 'conflict'; message: string; current: HoursRead | null }
  | { kind: 'failed'; message: string };

export default function HoursView({ token, staff, location, onFailure }: ManageTabProps) {
  const [read, setRead] = useState<HoursRead | null>(null);
  const [drafts, setDrafts] = useState<HoursDraft[]>([]);
  const [picked, setPicked] = useState(0);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dirty, setDirty] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const owner = staff.role === 'OWNER';

  const take = useCallback((answer: HoursRead) => {
    setRead(answer);
    setDrafts(answer.orderModes.map(hoursDraftOf));
    setFields({});
    setDirty(false);
  }, []);

  useEffect(() => {
    hoursGet(token, location.id).then(take, onFailure);
  }, [token, location.id, take, onFailure]);

  const change = (index: number, next: HoursDraft) => {
    setDrafts((list) => list.map((draft, at) => (at === index ? next : draft)));
    setDirty(true);
    if (status.kind === 'saved') setStatus({ kind: 'idle' });
  };

  const save = async () => {
    if (!read) return;
    const orderModes: HoursMode[] = drafts.map(hoursModeOf);
    setStatus({ kind: 'saving' });
    try {
      const answer = await hoursSave(token, location.id, { version: read.version, orderModes });
      take(answer);
      setStatus({ kind: 'saved', changed: answer.changed });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) {
        if (error instanceof ApiError) onFailure(error);
        else
          setStatus({
            kind: 'failed',
            message: 'No pudimos guardar. Revise la conexión e intente de nuevo.',
          });
        return;
      }
      const body = error.body as {
        fields?: Record<string, string>;
        current?: { value: HoursMode[]; version: string };
      };
      if (error.status === 409) {
        const current = body.current
          ? { version: body.current.version, timeZone: read.timeZone, orderModes: body.current.value }
          : null;
        setStatus({ kind: 'conflict', message: error.message, current });
      } else if (error.status === 400 && body.fields) {
        const mapped: Record<string, string> = {};
        const general: string[] = [];
        for (const [path, message] of Object.entries(body.fields)) {
          const key = hoursFieldKey(path, orderModes);
          if (key) mapped[key] = hoursMessage(message);
          else general.push(hoursMessage(message));
        }
        setFields(mapped);
        const first = Object.keys(mapped)[0];
        if (first) setPicked(Number(first.split('.')[0]));
        setStatus({ kind: 'invalid', message: error.message, general });
      } else {
        setStatus({ kind: 'failed', message: error.message });
      }
    }
    statusRef.current?.focus();
  };

  if (!read) return <p className="muted">Cargando horarios…</p>;
  const draft = drafts[picked];
  return (
    <section className="hours" aria-labelledby="hours-title">
      <div className="hours__top">
        <h2 id="hours-title">Horarios y modos de pedido</h2>
        <p className="muted">
          Horas de {location.name} ({read.timeZone.replaceAll('_', ' ')}).
          {owner ? '' : ' Usted puede cambiar horarios, días especiales y demoras.'}
        </p>
      </div>
      {drafts.length === 0 ? (
        <p>Este local no tiene modos de pedido.</p>
      ) : (
        <>
          <div className="hours__modes" role="tablist" aria-label="Modo de pedido">
            {drafts.map((item, index) => (
              <button
                key={item.mode.key}
                type="button"
                role="tab"
                id={`hours-mode-${index}`}
                aria-selected={index === picked}
                aria-controls="hours-mode-panel"
                className={`console-tab${index === picked ? ' console-tab--active' : ''}`}
                onClick={() => setPicked(index)}
              >
                {item.mode.showName || MODE_WORDS[item.mode.type] || item.mode.key}
                {Object.keys(fields).some((key) => key.startsWith(`${index}.`)) ? (
                  <span className="hours__tab-error"> · revisar</span>
                ) : null}
              </button>
            ))}
          </div>
          {draft ? (
            <div id="hours-mode-panel" role="tabpanel" aria-labelledby={`hours-mode-${picked}`}>
              <HoursModeEditor
                key={draft.mode.key}
                index={picked}
                draft={draft}
                typeName={MODE_WORDS[draft.mode.type] ?? draft.mode.type}
                owner={owner}
                timeZone={read.timeZone}
                fields={fields}
                onChange={(next) => change(picked, next)}
              />
            </div>
          ) : null}
        </>
      )}
      <div className="hours__save">
        <button
          type="button"
          className="button"
          disabled={status.kind === 'saving' || drafts.length === 0}
          onClick={save}
        >
          {status.kind === 'saving' ? 'Guardando…' : 'Guardar cambios'}
        </button>
        {dirty && status.kind !== 'saving' ? <span className="muted">Hay cambios sin guardar.</span> : null}
      </div>
      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="hours__status">
        {status.kind === 'saved' ? (
          <p className="hours__ok">
            {status.changed ? 'Cambios guardados.' : 'No había cambios para guardar.'}
          </p>
        ) : null}
        {status.kind === 'invalid' ? (
          <div className="console-error" role="alert">
            <p>{status.message}: los datos marcados no se guardaron.</p>
            {status.general.length > 0 ? (
              <ul>
                {status.general.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {status.kind === 'failed' ? (
          <p className="console-error" role="alert">
            {status.message}
          </p>
        ) : null}
        {status.kind === 'conflict' ? (
          <div className="console-error" role="alert">
            <p>{status.message}</p>
            <p>
              Sus cambios siguen en pantalla. Para guardar, cargue los datos actuales y vuelva a hacerlos.
            </p>
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                if (status.current) take(status.current);
                else hoursGet(token, location.id).then(take, onFailure);
                setStatus({ kind: 'idle' });
              }}
            >
              Cargar los datos actuales
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
