/**
 * The selected zone's fields (ADR 055): name, radius or corners, fees. Every
 * edit the map allows is possible here by keyboard: the radius as a number,
 * each corner's latitude and longitude, adding a corner after one and removing
 * one. Problems show under the field they concern.
 */
import type { MoneyCountry } from '@comanda/domain/money';
import { useId } from 'react';
import type { Corner, ZoneDraft } from '../lib/zone-draft';

interface ZoneEditorProps {
  zone: ZoneDraft;
  index: number;
  country: MoneyCountry;
  fields: Record<string, string>;
  selectedCorner: number | null;
  onChange: (zone: ZoneDraft) => void;
  onSelectCorner: (index: number | null) => void;
}

const MONEY: {
  field: 'fee' | 'cashFee' | 'minimumOrderPrice' | 'freeDeliveryFrom';
  label: string;
  hint?: string;
}[] = [
  { field: 'fee', label: 'Envío' },
  { field: 'cashFee', label: 'Envío pagando en efectivo' },
  { field: 'minimumOrderPrice', label: 'Pedido mínimo', hint: 'Opcional' },
  { field: 'freeDeliveryFrom', label: 'Envío gratis desde', hint: 'Opcional' },
];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="console-error zones-field-error">
      {message}
    </span>
  ) : null;
}

export function ZoneEditor({
  zone,
  index,
  country,
  fields,
  selectedCorner,
  onChange,
  onSelectCorner,
}: ZoneEditorProps) {
  const id = useId();
  const at = `[${index}]`;
  const error = (field: string) => fields[`${at}.${field}`];
  const described = (field: string) =>
    error(field) ? { 'aria-describedby': `${id}-${field}-error`, 'aria-invalid': true } : {};
  const setCorner = (i: number, axis: 0 | 1, text: string) => {
    const value = Number(text.replace(',', '.'));
    if (!Number.isFinite(value)) return;
    onChange({
      ...zone,
      corners: zone.corners.map(
        (corner, j): Corner => (j === i ? (axis === 0 ? [value, corner[1]] : [corner[0], value]) : corner),
      ),
    });
  };
  const addAfter = (i: number) => {
    const corner = zone.corners[i];
    const next = zone.corners[(i + 1) % zone.corners.length];
    if (!corner || !next) return;
    const corners = [...zone.corners];
    corners.splice(i + 1, 0, [
      Math.round(((corner[0] + next[0]) / 2) * 1e6) / 1e6,
      Math.round(((corner[1] + next[1]) / 2) * 1e6) / 1e6,
    ]);
    onChange({ ...zone, corners });
    onSelectCorner(i + 1);
  };
  const remove = (i: number) => {
    onChange({ ...zone, corners: zone.corners.filter((_, j) => j !== i) });
    onSelectCorner(null);
  };

  return (
    <fieldset className="zones-editor">
      <legend>{zone.kind === 'radius' ? 'Zona por radio' : 'Zona por polígono'}</legend>
      {fields[at] ? <p className="console-error">{fields[at]}</p> : null}
      <label className="console-field">
        Nombre
        <input
          value={zone.name}
          maxLength={200}
          onChange={(event) => onChange({ ...zone, name: event.target.value })}
          {...described('name')}
        />
        <FieldError id={`${id}-name-error`} message={error('name')} />
      </label>
      {zone.kind === 'radius' ? (
        <label className="console-field">
          Radio en metros
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={50}
            value={zone.radiusMeters}
            onChange={(event) => onChange({ ...zone, radiusMeters: Math.round(Number(event.target.value)) })}
            {...described('radiusMeters')}
          />
          <FieldError id={`${id}-radiusMeters-error`} message={error('radiusMeters')} />
        </label>
      ) : (
        <div className="zones-corners">
          <p className="zones-corners__title">Vértices</p>
          <FieldError id={`${id}-polygon-error`} message={error('polygon')} />
          <ol className="zones-corners__list" {...described('polygon')}>
            {zone.corners.map((corner, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its position in the ring.
              <li key={i} className={`zones-corner${i === selectedCorner ? ' zones-corner--selected' : ''}`}>
                <span className="zones-corner__number">{i + 1}</span>
                <label className="zones-corner__field">
                  <span className="visually-hidden">Latitud del vértice {i + 1}</span>
                  <input
                    type="number"
                    step="0.0001"
                    value={corner[0]}
                    onFocus={() => onSelectCorner(i)}
                    onChange={(event) => setCorner(i, 0, event.target.value)}
                  />
                </label>
                <label className="zones-corner__field">
                  <span className="visually-hidden">Longitud del vértice {i + 1}</span>
                  <input
                    type="number"
                    step="0.0001"
                    value={corner[1]}
                    onFocus={() => onSelectCorner(i)}
                    onChange={(event) => setCorner(i, 1, event.target.value)}
                  />
                </label>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  onClick={() => addAfter(i)}
                  aria-label={`Agregar un vértice después del ${i + 1}`}
                >
                  +
                </button>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  onClick={() => remove(i)}
                  disabled={zone.corners.length <= 3}
                  aria-label={`Quitar el vértice ${i + 1}`}
                >
                  −
                </button>
              </li>
            ))}
          </ol>
          <p className="muted zones-hint">
            En el mapa: arrastre un vértice para moverlo, toque el punto chico de un lado para agregar uno, y
            con un vértice elegido pulse Suprimir para quitarlo.
          </p>
        </div>
      )}
      <div className="zones-money">
        {MONEY.map(({ field, label, hint }) => (
          <label key={field} className="console-field">
            <span>
              {label} ({country.currency.symbol}){hint ? <span className="muted"> · {hint}</span> : null}
            </span>
            <input
              inputMode="decimal"
              value={zone[field]}
              onChange={(event) => onChange({ ...zone, [field]: event.target.value })}
              {...described(field)}
            />
            <FieldError id={`${id}-${field}-error`} message={error(field)} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
