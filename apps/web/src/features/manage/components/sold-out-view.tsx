import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { realtimeJoin } from '../../../lib/realtime';
import {
  type SoldOutItem,
  type SoldOutKind,
  type SoldOutList,
  type SoldOutMark,
  soldOutListGet,
  soldOutSwitch,
} from '../api/sold-out-api';
import { soldOutApply, soldOutMatches } from '../lib/sold-out-list';
import type { ManageTabProps } from './manage-tabs';
import '../sold-out.css';

type UntilChoice = 'today' | 'manual';

function backText(until: string | null, timeZone: string): string {
  if (!until) return 'Hasta que lo reactive';
  const text = new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(until));
  return `A la venta otra vez el ${text.replace(',', '')}`;
}

interface RowProps {
  item: SoldOutItem;
  kind: SoldOutKind;
  timeZone: string;
  busy: boolean;
  onSwitch: (kind: SoldOutKind, item: SoldOutItem) => void;
  nested?: boolean;
}

function SoldOutRow({ item, kind, timeZone, busy, onSwitch, nested = false }: RowProps) {
  return (
    <li
      className={`sold-out-row${nested ? ' sold-out-row--nested' : ''}${item.soldOut ? ' is-sold-out' : ''}`}
    >
      <span className="sold-out-row__name">
        {item.name}
        {item.soldOut ? <span className="sold-out-row__until">{backText(item.until, timeZone)}</span> : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={item.soldOut}
        aria-label={`Agotado: ${item.name}`}
        className="sold-out-switch"
        disabled={busy}
        onClick={() => onSwitch(kind, item)}
      >
        <span className="sold-out-switch__track" aria-hidden="true">
          <span className="sold-out-switch__thumb" />
        </span>
        <span className="sold-out-switch__label">Agotado</span>
      </button>
    </li>
  );
}

/** 'Agotados': the location's plates, sizes and garnish items with their sold-out switch (ADR 052). */
export default function SoldOutView({ token, location, onFailure }: ManageTabProps) {
  const [list, setList] = useState<SoldOutList | null>(null);
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState<UntilChoice>('today');
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const load = useCallback(() => {
    soldOutListGet(token, location.id).then(setList, onFailure);
  }, [token, location.id, onFailure]);
  useEffect(() => {
    setList(null);
    load();
  }, [load]);

  // Another console (or the expiry at the opening) changed a mark: follow it here at once.
  useEffect(
    () =>
      realtimeJoin(
        `console-${location.id}`,
        {
          events: {
            'sold-out-updated': (payload) => {
              const mark = payload as SoldOutMark;
              if (mark.branchContactId === location.id)
                setList((current) => current && soldOutApply(current, mark));
            },
          },
          onJoined: (first) => {
            if (!first) load();
          },
        },
        { auth: { token } },
      ),
    [location.id, token, load],
  );

  const onSwitch = (kind: SoldOutKind, item: SoldOutItem) => {
    const soldOut = !item.soldOut;
    setBusy(`${kind}:${item.itemKey}`);
    setError('');
    soldOutSwitch(token, {
      branchContactId: location.id,
      kind,
      itemKey: item.itemKey,
      soldOut,
      until: choice,
    })
      .then((mark) => {
        setList((current) => current && soldOutApply(current, mark));
        setStatus(
          soldOut
            ? `'${item.name}' quedó agotado. ${backText(mark.until, list?.timeZone ?? 'UTC')}.`
            : `'${item.name}' vuelve a estar a la venta.`,
        );
      })
      .catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 401) onFailure(failure);
        else
          setError(
            failure instanceof Error ? failure.message : 'No se pudo guardar el cambio. Intente de nuevo.',
          );
      })
      .finally(() => setBusy(null));
  };

  const shown = useMemo(() => (list ? soldOutMatches(list, search) : null), [list, search]);
  if (!list || !shown) return <p className="muted">Cargando productos…</p>;
  const rowProps = { timeZone: list.timeZone, onSwitch };
  const empty = shown.categories.length === 0 && shown.garnishGroups.length === 0;

  return (
    <section className="sold-out" aria-labelledby="sold-out-title">
      <div className="sold-out__head">
        <h2 id="sold-out-title">Agotados</h2>
        <label className="console-field sold-out__search">
          <span>Buscar plato</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <fieldset className="sold-out__choice">
          <legend>Al marcar como agotado</legend>
          {(
            [
              ['today', 'Por hoy'],
              ['manual', 'Hasta que lo reactive'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={`sold-out__option${choice === value ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="sold-out-until"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <p className="muted sold-out__hint">
          'Por hoy' vuelve a la venta en la próxima apertura del local:{' '}
          {backText(list.untilToday, list.timeZone).replace('A la venta otra vez el ', '')}.
        </p>
      </div>
      <p className="sold-out__status" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p className="sold-out__error" role="alert">
          {error}
        </p>
      ) : null}
      {empty ? <p className="muted">Ningún producto coincide con la búsqueda.</p> : null}
      {shown.categories.map((category) => (
        <section key={category.name} className="sold-out__group" aria-label={category.name}>
          <h3>{category.name}</h3>
          <ul className="sold-out__list">
            {category.plates.map((plate) => (
              <li key={plate.itemKey} className="sold-out__plate">
                <ul className="sold-out__list">
                  <SoldOutRow
                    {...rowProps}
                    item={plate}
                    kind="PLATE"
                    busy={busy === `PLATE:${plate.itemKey}`}
                  />
                  {plate.sizes.map((size) => (
                    <SoldOutRow
                      {...rowProps}
                      key={size.itemKey}
                      item={size}
                      kind="SIZE"
                      nested
                      busy={busy === `SIZE:${size.itemKey}`}
                    />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {shown.garnishGroups.length > 0 ? (
        <section className="sold-out__group" aria-labelledby="sold-out-garnish">
          <h3 id="sold-out-garnish">Guarniciones y agregados</h3>
          {shown.garnishGroups.map((group) => (
            <div key={group.name} className="sold-out__plate">
              <p className="sold-out__group-name">{group.name}</p>
              <ul className="sold-out__list">
                {group.items.map((item) => (
                  <SoldOutRow
                    {...rowProps}
                    key={item.itemKey}
                    item={item}
                    kind="GARNISH_ITEM"
                    nested
                    busy={busy === `GARNISH_ITEM:${item.itemKey}`}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </section>
  );
}
