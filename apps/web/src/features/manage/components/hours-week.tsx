/**
 * The week of shifts and the special days of an order mode ('Horarios'):
 * add and remove shifts per day, copy a day to the whole week, and dates whose
 * hours replace their weekday's (closed, or their own shifts). A shift that
 * ends at or before it starts closes the next day, and says so.
 */
import { scheduleMessages } from '@comanda/domain/messages';
import { DAYS_OF_WEEK, type DayOfWeek } from '@comanda/domain/types';
import { localDateIso, zonedDate } from '@comanda/domain/zoned-time';
import type { HoursShift, HoursSpecialDay } from '../api/hours-api';
import { type HoursWeek, hoursEndsNextDay } from '../lib/hours-draft';

const NEW_SHIFT: HoursShift = { startAt: '12:00', endAt: '15:00' };

/**
 * Times are typed as 24-hour `HH:MM` text: a `type="time"` input shows the
 * device's 12-hour clock on many computers, which is not how the venue (or
 * the diner's 'Horarios del Local') writes its hours.
 */
const TIME_INPUT = {
  type: 'text',
  inputMode: 'numeric',
  placeholder: 'HH:MM',
  maxLength: 5,
  size: 5,
  autoComplete: 'off',
} as const;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="hours-field-error">
      {message}
    </span>
  ) : null;
}

interface ShiftsProps {
  /** Editor key prefix of these shifts' errors (`0.week.MONDAY`, `0.special.2`). */
  keyPrefix: string;
  label: string;
  shifts: HoursShift[];
  fields: Record<string, string>;
  onChange: (shifts: HoursShift[]) => void;
}

function Shifts({ keyPrefix, label, shifts, fields, onChange }: ShiftsProps) {
  const id = (...parts: (string | number)[]) => `hours-${keyPrefix}-${parts.join('-')}`.replaceAll('.', '-');
  const update = (at: number, patch: Partial<HoursShift>) =>
    onChange(shifts.map((shift, index) => (index === at ? { ...shift, ...patch } : shift)));
  return (
    <ul className="hours-shifts">
      {shifts.map((shift, at) => {
        const startError = fields[`${keyPrefix}.${at}.startAt`];
        const endError = fields[`${keyPrefix}.${at}.endAt`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a shift has no identity but its place in the day
          <li key={at} className="hours-shift">
            <label htmlFor={id(at, 'start')}>
              <span className="visually-hidden">
                {label}, turno {at + 1}:{' '}
              </span>
              Abre
            </label>
            <input
              id={id(at, 'start')}
              {...TIME_INPUT}
              value={shift.startAt}
              aria-invalid={startError ? true : undefined}
              aria-describedby={startError ? id(at, 'start-error') : undefined}
              onChange={(event) => update(at, { startAt: event.target.value })}
            />
            <label htmlFor={id(at, 'end')}>
              <span className="visually-hidden">
                {label}, turno {at + 1}:{' '}
              </span>
              Cierra
            </label>
            <input
              id={id(at, 'end')}
              {...TIME_INPUT}
              value={shift.endAt}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? id(at, 'end-error') : id(at, 'note')}
              onChange={(event) => update(at, { endAt: event.target.value })}
            />
            <button
              type="button"
              className="button button--bordered button--small"
              aria-label={`Quitar turno ${at + 1} de ${label}`}
              onClick={() => onChange(shifts.filter((_, index) => index !== at))}
            >
              Quitar
            </button>
            {hoursEndsNextDay(shift) ? (
              <span id={id(at, 'note')} className="hours-shift__note">
                {shift.endAt === '00:00'
                  ? 'Cierra a medianoche (00:00)'
                  : `Cierra ${shift.endAt} del día siguiente`}
              </span>
            ) : null}
            <FieldError id={id(at, 'start-error')} message={startError} />
            <FieldError id={id(at, 'end-error')} message={endError} />
          </li>
        );
      })}
    </ul>
  );
}

export function HoursWeekGrid({
  index,
  week,
  fields,
  onChange,
}: {
  index: number;
  week: HoursWeek;
  fields: Record<string, string>;
  onChange: (week: HoursWeek) => void;
}) {
  const setDay = (day: DayOfWeek, shifts: HoursShift[]) => onChange({ ...week, [day]: shifts });
  const copyToAll = (day: DayOfWeek) =>
    onChange(
      Object.fromEntries(
        DAYS_OF_WEEK.map((other) => [other, week[day].map((shift) => ({ ...shift }))]),
      ) as HoursWeek,
    );
  return (
    <fieldset className="hours-box">
      <legend>Horario semanal</legend>
      <ol className="hours-week">
        {DAYS_OF_WEEK.map((day) => {
          const name = scheduleMessages.dayNames[day];
          const dayError = fields[`${index}.week.${day}`];
          return (
            <li key={day} className="hours-day">
              <div className="hours-day__head">
                <strong>{name}</strong>
                {week[day].length === 0 ? <span className="muted">Cerrado</span> : null}
              </div>
              <Shifts
                keyPrefix={`${index}.week.${day}`}
                label={name}
                shifts={week[day]}
                fields={fields}
                onChange={(shifts) => setDay(day, shifts)}
              />
              <FieldError id={`hours-${index}-${day}-error`} message={dayError} />
              <div className="hours-day__actions">
                <button
                  type="button"
                  className="button button--bordered button--small"
                  aria-label={`Agregar turno el ${name.toLowerCase()}`}
                  onClick={() => setDay(day, [...week[day], { ...(week[day].at(-1) ?? NEW_SHIFT) }])}
                >
                  Agregar turno
                </button>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  aria-label={`Copiar el horario del ${name.toLowerCase()} a todos los días`}
                  onClick={() => copyToAll(day)}
                >
                  Copiar a todos los días
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** Today at the location, `YYYY-MM-DD`: where a new special day starts. */
const todayIso = (timeZone: string) => localDateIso(zonedDate(Date.now(), timeZone));

export function HoursSpecialDays({
  index,
  specialDays,
  timeZone,
  fields,
  onChange,
}: {
  index: number;
  timeZone: string;
  specialDays: HoursSpecialDay[];
  fields: Record<string, string>;
  onChange: (specialDays: HoursSpecialDay[]) => void;
}) {
  const update = (at: number, next: HoursSpecialDay) =>
    onChange(specialDays.map((day, position) => (position === at ? next : day)));
  return (
    <fieldset className="hours-box">
      <legend>Días especiales</legend>
      <p className="muted hours-note">
        Feriados y fechas con otro horario: ese día se usa este horario en lugar del de la semana.
      </p>
      {specialDays.length === 0 ? <p className="muted">No hay días especiales.</p> : null}
      <ol className="hours-specials">
        {specialDays.map((day, at) => {
          const key = `${index}.special.${at}`;
          const dateError = fields[`${key}.date`];
          const dateId = `hours-${index}-special-${at}-date`;
          const closed = day.workingHours.length === 0;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a special day being typed has no identity yet
            <li key={at} className="hours-special">
              <div className="hours-row">
                <label className="console-field" htmlFor={dateId}>
                  <span>Fecha</span>
                  <input
                    id={dateId}
                    type="date"
                    value={day.date}
                    aria-invalid={dateError ? true : undefined}
                    aria-describedby={dateError ? `${dateId}-error` : undefined}
                    onChange={(event) => update(at, { ...day, date: event.target.value })}
                  />
                  <FieldError id={`${dateId}-error`} message={dateError} />
                </label>
                <label className="hours-check">
                  <input
                    type="checkbox"
                    checked={closed}
                    onChange={(event) =>
                      update(at, { ...day, workingHours: event.target.checked ? [] : [{ ...NEW_SHIFT }] })
                    }
                  />
                  Cerrado todo el día
                </label>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  aria-label={`Quitar el día especial ${day.date || at + 1}`}
                  onClick={() => onChange(specialDays.filter((_, position) => position !== at))}
                >
                  Quitar día
                </button>
              </div>
              {closed ? null : (
                <>
                  <Shifts
                    keyPrefix={key}
                    label={`Día especial ${day.date}`}
                    shifts={day.workingHours}
                    fields={fields}
                    onChange={(workingHours) => update(at, { ...day, workingHours })}
                  />
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    onClick={() =>
                      update(at, {
                        ...day,
                        workingHours: [...day.workingHours, { ...(day.workingHours.at(-1) ?? NEW_SHIFT) }],
                      })
                    }
                  >
                    Agregar turno
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--bordered button--small"
        onClick={() => onChange([...specialDays, { date: todayIso(timeZone), workingHours: [] }])}
      >
        Agregar día especial
      </button>
    </fieldset>
  );
}
