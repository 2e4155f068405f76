import { useCallback, useEffect, useState } from 'react';
import { manageChanges, type VenueChange } from '../api/manage-api';
import { changeLineText } from '../lib/change-text';
import type { ManageTabProps } from './manage-tabs';

/** What each kind of change is called in the history. */
const SUBJECT_WORDS: Record<string, string> = {
  soldOut: 'Agotados',
  menu: 'Carta',
  garnishGroups: 'Guarniciones',
  menuDiscounts: 'Descuentos de la carta',
  orderModes: 'Horarios y modos',
  deliveryZones: 'Zonas de entrega',
  staff: 'Equipo',
};

const whenText = (at: string) =>
  new Date(at).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', hour12: false });

/** 'Historial': who changed what and when, newest first, for the owner (ADR 051). */
export default function HistoryView({ token, onFailure }: ManageTabProps) {
  const [changes, setChanges] = useState<VenueChange[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    (beforeId: number | null) => {
      setLoading(true);
      manageChanges(token, { beforeId })
        .then((page) => {
          setChanges((list) => (beforeId ? [...(list ?? []), ...page.changes] : page.changes));
          setNext(page.nextBeforeId);
        }, onFailure)
        .finally(() => setLoading(false));
    },
    [token, onFailure],
  );
  useEffect(() => load(null), [load]);

  if (!changes) return <p className="muted">Cargando historial…</p>;
  return (
    <section className="manage-history" aria-labelledby="manage-history-title">
      <h2 id="manage-history-title">Historial de cambios</h2>
      {changes.length === 0 ? (
        <p className="muted">Todavía no hay cambios hechos desde la gestión.</p>
      ) : (
        <ol className="manage-history__list">
          {changes.map((change) => (
            <li key={change.id} className="manage-history__item">
              <p className="manage-history__head">
                <strong>{SUBJECT_WORDS[change.subject] ?? change.subject}</strong> · {change.subjectName}
                <span className="muted">
                  {' '}
                  · {change.staffName} · <time dateTime={change.at}>{whenText(change.at)}</time>
                </span>
              </p>
              <ul className="manage-history__changes">
                {change.changes.map((value) => (
                  <li key={`${value.path}`}>{changeLineText(value)}</li>
                ))}
                {change.more ? <li className="muted">…y más cambios en el mismo guardado.</li> : null}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {next ? (
        <button
          type="button"
          className="button button--bordered button--small"
          disabled={loading}
          onClick={() => load(next)}
        >
          Ver anteriores
        </button>
      ) : null}
    </section>
  );
}
