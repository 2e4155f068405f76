/** The scheduling section (ordering §2 Checkout): 'En el momento' / 'Programado', 'Dia' and 'Hora'. */
import { scheduleMessages } from '@comanda/domain/messages';
import type { CheckoutSchedule } from '../hooks/use-checkout-schedule';
import { FieldError, fieldErrorId } from './field-error';

interface Props {
  formId: string;
  schedule: CheckoutSchedule;
  error: string | null;
  /** Every change goes through here: a change may drop the discount code. */
  onChange: (apply: () => void) => void;
}

export function ScheduleSection({ formId, schedule, error, onChange }: Props) {
  const { timing, scheduled, canSchedule, days, slot } = schedule;
  const dayChosen = slot?.day ?? null;
  const title = timing?.title ?? scheduleMessages.orderTypeTitle;
  const describedBy = fieldErrorId(formId, 'schedule', error);
  return (
    <section className="checkout-card" aria-labelledby={`${formId}-timing`}>
      <h2 id={`${formId}-timing`}>{title}</h2>
      <fieldset className="segmented" data-invalid={error ? true : undefined} aria-describedby={describedBy}>
        <legend className="visually-hidden">{title}</legend>
        <label className="segmented__option">
          <input
            type="radio"
            name={`${formId}-timing`}
            checked={!scheduled}
            disabled={!timing?.canOrderNow}
            onChange={() => onChange(() => schedule.setScheduledChoice(false))}
          />
          <span>{scheduleMessages.now}</span>
        </label>
        <label className="segmented__option">
          <input
            type="radio"
            name={`${formId}-timing`}
            checked={scheduled}
            disabled={!canSchedule}
            onChange={() => onChange(() => schedule.setScheduledChoice(true))}
          />
          <span>{scheduleMessages.scheduled}</span>
        </label>
      </fieldset>
      {scheduled ? (
        <div className="checkout-grid">
          <label className="checkout-field">
            <span>{scheduleMessages.day}</span>
            <select
              value={dayChosen?.date ?? ''}
              aria-describedby={describedBy}
              onChange={(event) => {
                const day = days.find((candidate) => candidate.date === event.target.value);
                if (day?.slots[0]) onChange(() => schedule.setSlotAt(day.slots[0]?.at ?? null));
              }}
            >
              {days.map((day) => (
                <option key={day.date} value={day.date}>
                  {`${scheduleMessages.dayNames[day.dayOfWeek]} ${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`}
                </option>
              ))}
            </select>
          </label>
          <label className="checkout-field">
            <span>{scheduleMessages.hour}</span>
            <select
              value={slot ? String(slot.slot.at) : ''}
              aria-describedby={describedBy}
              onChange={(event) => onChange(() => schedule.setSlotAt(Number(event.target.value)))}
            >
              {(dayChosen?.slots ?? []).map((candidate) => (
                <option key={candidate.at} value={String(candidate.at)}>
                  {candidate.time}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <FieldError formId={formId} field="schedule" error={error} />
    </section>
  );
}
