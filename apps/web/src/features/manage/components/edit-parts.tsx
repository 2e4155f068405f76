/** Pieces every editor of the 'Carta' tab shares: money input, field message, save bar, conflict notice. */
import type { MoneyCountry } from '@comanda/domain/money';
import { useState } from 'react';
import type { MoneyDraft } from '../api/menu-api';
import { changeLineText } from '../lib/change-text';
import { moneyDraftRead, moneyDraftText } from '../lib/menu-draft';
import type { PartEditor } from './use-part-editor';

/** The message of a field, tied to its input by id (`aria-describedby`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="menu-edit__field-error">
      {message}
    </span>
  );
}

/** An amount typed the venue's way (`8.500`); kept as typed while it is no amount, so nothing is lost. */
export function MoneyInput({
  id,
  label,
  value,
  country,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: MoneyDraft | undefined;
  country: MoneyCountry;
  error?: string | undefined;
  onChange: (value: MoneyDraft) => void;
}) {
  const [typing, setTyping] = useState<string | null>(null);
  const read = (text: string): MoneyDraft => (text.trim() === '' ? '' : moneyDraftRead(text, country));
  // What is being typed, as typed, while it still is the value; a value changed from elsewhere (the
  // current version loaded after a conflict) shows as that value.
  const shown = typing !== null && read(typing) === (value ?? '') ? typing : moneyDraftText(value, country);
  return (
    <div className="console-field menu-edit__money">
      <label htmlFor={id}>{label}</label>
      <span className="menu-edit__money-box">
        <span aria-hidden="true">{country.currency.symbol}</span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => setTyping(moneyDraftText(value, country))}
          onBlur={() => setTyping(null)}
          onChange={(event) => {
            setTyping(event.target.value);
            onChange(read(event.target.value));
          }}
        />
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** 'Guardar cambios' with what became of the last save, announced to screen readers. */
export function SaveBar<T>({ editor, what }: { editor: PartEditor<T>; what: string }) {
  const { state, dirty } = editor;
  let text = dirty ? 'Hay cambios sin guardar.' : 'Sin cambios.';
  if (state.kind === 'saving') text = 'Guardando…';
  if (state.kind === 'saved') text = `${what}: cambios guardados. Los clientes ya ven la versión nueva.`;
  if (state.kind === 'invalid' || state.kind === 'failed') text = state.message;
  const bad = state.kind === 'invalid' || state.kind === 'failed';
  return (
    <div className="menu-edit__savebar">
      <p className={bad ? 'console-error' : 'muted'} role={bad ? 'alert' : 'status'}>
        {text}
      </p>
      <button
        type="button"
        className="button"
        disabled={!dirty || state.kind === 'saving'}
        onClick={editor.save}
      >
        Guardar cambios
      </button>
    </div>
  );
}

/** Someone else saved first: load theirs, keeping what this editor had changed in sight to copy. */
export function ConflictNotice<T>({
  editor,
  what,
  it,
}: {
  editor: PartEditor<T>;
  what: string;
  it: 'la' | 'las' | 'los';
}) {
  const { conflict } = editor;
  if (!conflict) return null;
  return (
    <section className="menu-edit__conflict" role="alert" aria-labelledby="menu-conflict-title">
      <h3 id="menu-conflict-title">
        {conflict.loaded
          ? `Se cargó la versión actual de ${what}. Vuelva a aplicar sus cambios:`
          : `Otra persona cambió ${what} mientras usted ${it} editaba. Sus cambios no se guardaron.`}
      </h3>
      {conflict.mine.length > 0 ? (
        <ul className="menu-edit__mine" aria-label="Sus cambios">
          {conflict.mine.map((change) => (
            <li key={change.path}>{changeLineText(change)}</li>
          ))}
        </ul>
      ) : null}
      {conflict.loaded ? null : (
        <button type="button" className="button button--small" onClick={editor.loadCurrent}>
          Cargar la versión actual
        </button>
      )}
    </section>
  );
}

/** The messages no field on screen shows (a reference elsewhere, the part as a whole), listed on top. */
export function ErrorSummary({ messages }: { messages: [string, string][] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="menu-edit__summary console-error" aria-label="Datos para revisar">
      {messages.map(([path, message]) => (
        <li key={path}>{path ? `${path}: ${message}` : message}</li>
      ))}
    </ul>
  );
}
