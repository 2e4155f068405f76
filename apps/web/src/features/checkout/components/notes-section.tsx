/** 'Notas del pedido' (ordering §5 notes): cut at the venue's limit, with the counter near it. */
import { notesApplyInput, notesCounter } from '@comanda/domain/notes';

export function NotesSection({
  formId,
  notes,
  max,
  onChange,
}: {
  formId: string;
  notes: string;
  max: number | null;
  onChange: (notes: string) => void;
}) {
  const counter = notesCounter(notes, max);
  return (
    <section className="checkout-card">
      <div className="notes-field">
        <label htmlFor={`${formId}-notes`}>Notas del pedido</label>
        <textarea
          id={`${formId}-notes`}
          rows={3}
          value={notes}
          aria-describedby={counter ? `${formId}-notes-counter` : undefined}
          onChange={(event) => onChange(notesApplyInput(event.target.value, max))}
        />
        {counter ? (
          <span id={`${formId}-notes-counter`} className="notes-field__counter">
            {counter}
          </span>
        ) : null}
      </div>
    </section>
  );
}
