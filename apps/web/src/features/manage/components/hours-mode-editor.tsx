/**
 * One order mode in the 'Horarios' tab: the OWNER's fields (disabled with a
 * note for STAFF), lead times, the week of shifts, special days, and the
 * preview "Como lo ve el cliente" computed with the domain's own schedule
 * rules on the unsaved draft, in the location's time zone.
 */
import { scheduleOpening, scheduleOpeningText } from '@comanda/domain/schedule-opening';
import type { SpecialDay } from '@comanda/domain/types';
import { useNow } from '../../../lib/use-now';
import type { HoursMode } from '../api/hours-api';
import { type HoursDraft, hoursDomainSchedules } from '../lib/hours-draft';
import { FieldError, HoursSpecialDays, HoursWeekGrid } from './hours-week';

export interface HoursModeEditorProps {
  index: number;
  draft: HoursDraft;
  typeName: string;
  owner: boolean;
  timeZone: string;
  /** Server messages by editor key (`0.week.MONDAY.1.startAt`, `0.minDelayInMinutes`). */
  fields: Record<string, string>;
  onChange: (draft: HoursDraft) => void;
}

export function HoursModeEditor({
  index,
  draft,
  typeName,
  owner,
  timeZone,
  fields,
  onChange,
}: HoursModeEditorProps) {
  const now = useNow();
  const { mode } = draft;
  const set = (patch: Partial<HoursMode>) => onChange({ ...draft, mode: { ...mode, ...patch } });
  const id = (name: string) => `hours-${index}-${name}`;
  const error = (name: string) => fields[`${index}.${name}`];
  const opening = scheduleOpening(
    hoursDomainSchedules(draft.week),
    now,
    timeZone,
    draft.specialDays as SpecialDay[],
  );
  const preview = !mode.active
    ? 'No se muestra: el modo está inactivo'
    : !mode.orderEnabled
      ? `Menú informativo, no acepta pedidos · ${scheduleOpeningText(opening)}`
      : scheduleOpeningText(opening);
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));

  return (
    <div className="hours-mode">
      <p className="hours-preview" aria-live="polite">
        <span className="hours-preview__label">Como lo ve el cliente:</span>{' '}
        <strong className={opening.open && mode.active && mode.orderEnabled ? 'hours-preview--open' : ''}>
          {preview}
        </strong>
        <span className="muted"> (con los cambios sin guardar)</span>
      </p>

      <fieldset className="hours-box">
        <legend>Modo de pedido · {typeName}</legend>
        {owner ? null : (
          <p className="muted hours-note">
            Solo el dueño puede cambiar el nombre, los interruptores y la tarifa.
          </p>
        )}
        <div className="hours-row">
          <label className="console-field" htmlFor={id('showName')}>
            <span>Nombre que ve el cliente</span>
            <input
              id={id('showName')}
              value={mode.showName}
              disabled={!owner}
              aria-invalid={error('showName') ? true : undefined}
              aria-describedby={error('showName') ? id('showName-error') : undefined}
              onChange={(event) => set({ showName: event.target.value })}
            />
            <FieldError id={id('showName-error')} message={error('showName')} />
          </label>
          <label className="hours-check">
            <input
              type="checkbox"
              checked={mode.active}
              disabled={!owner}
              onChange={(event) => set({ active: event.target.checked })}
            />
            Modo activo
          </label>
          <label className="hours-check">
            <input
              type="checkbox"
              checked={mode.orderEnabled}
              disabled={!owner}
              onChange={(event) => set({ orderEnabled: event.target.checked })}
            />
            Acepta pedidos
          </label>
        </div>
        <div className="hours-row">
          <label className="console-field" htmlFor={id('userFee')}>
            <span>Costo de servicio fijo ($)</span>
            <input
              id={id('userFee')}
              type="number"
              inputMode="decimal"
              min={0}
              value={Number.isNaN(mode.fees.userFee) ? '' : mode.fees.userFee}
              disabled={!owner}
              aria-invalid={error('fees.userFee') ? true : undefined}
              onChange={(event) => set({ fees: { ...mode.fees, userFee: number(event.target.value) } })}
            />
            <FieldError id={id('userFee-error')} message={error('fees.userFee')} />
          </label>
          <label className="console-field" htmlFor={id('percentageUserFee')}>
            <span>Costo de servicio (%)</span>
            <input
              id={id('percentageUserFee')}
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              value={Number.isNaN(mode.fees.percentageUserFee) ? '' : mode.fees.percentageUserFee}
              disabled={!owner}
              aria-invalid={error('fees.percentageUserFee') ? true : undefined}
              onChange={(event) =>
                set({ fees: { ...mode.fees, percentageUserFee: number(event.target.value) } })
              }
            />
            <FieldError id={id('percentageUserFee-error')} message={error('fees.percentageUserFee')} />
          </label>
        </div>
      </fieldset>

      <fieldset className="hours-box">
        <legend>Demoras y pedidos programados</legend>
        <div className="hours-row">
          <label className="console-field" htmlFor={id('min')}>
            <span>Demora mínima (minutos)</span>
            <input
              id={id('min')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={Number.isNaN(mode.minDelayInMinutes) ? '' : mode.minDelayInMinutes}
              aria-invalid={error('minDelayInMinutes') ? true : undefined}
              aria-describedby={error('minDelayInMinutes') ? id('min-error') : undefined}
              onChange={(event) => set({ minDelayInMinutes: number(event.target.value) })}
            />
            <FieldError id={id('min-error')} message={error('minDelayInMinutes')} />
          </label>
          <label className="console-field" htmlFor={id('max')}>
            <span>Demora máxima (minutos)</span>
            <input
              id={id('max')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={Number.isNaN(mode.maxDelayInMinutes) ? '' : mode.maxDelayInMinutes}
              aria-invalid={error('maxDelayInMinutes') ? true : undefined}
              aria-describedby={error('maxDelayInMinutes') ? id('max-error') : undefined}
              onChange={(event) => set({ maxDelayInMinutes: number(event.target.value) })}
            />
            <FieldError id={id('max-error')} message={error('maxDelayInMinutes')} />
          </label>
          <label className="hours-check">
            <input
              type="checkbox"
              checked={mode.useSchedule}
              onChange={(event) => set({ useSchedule: event.target.checked })}
            />
            Permite pedidos programados
          </label>
        </div>
      </fieldset>

      <HoursWeekGrid
        index={index}
        week={draft.week}
        fields={fields}
        onChange={(week) => onChange({ ...draft, week })}
      />
      <HoursSpecialDays
        index={index}
        specialDays={draft.specialDays}
        timeZone={timeZone}
        fields={fields}
        onChange={(specialDays) => onChange({ ...draft, specialDays })}
      />
    </div>
  );
}
