import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { GEO_SEARCH_MIN_CHARS, type GeoAddress, geoSearch } from '../api/geo';

/** Ordering §9: the place search waits 500 ms after the last keystroke. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;

interface AddressSearchProps {
  branchContactId: number;
  /** The text in the box (the chosen address's label once one is picked). */
  value: string;
  onChange: (text: string) => void;
  onPick: (address: GeoAddress) => void;
  /** The label of the address currently picked: that text is not searched again. */
  selected: string | null;
  /** The field's error, shown under it and announced with it. */
  error?: string | null;
  inputRef?: React.Ref<HTMLInputElement>;
}

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; suggestions: GeoAddress[] }
  | { status: 'error' };

/**
 * The address box of 'Mi dirección': an ARIA combobox whose suggestions come
 * from `/api/geo/search`, asked 500 ms after the diner stops typing. Arrow keys
 * move through the list, Enter picks, Escape closes the list.
 */
export function AddressSearch({
  branchContactId,
  value,
  onChange,
  onPick,
  selected,
  error,
  inputRef,
}: AddressSearchProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const query = value.trim();
    if (query.length < GEO_SEARCH_MIN_CHARS || selected === value) {
      setSearch({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearch({ status: 'loading' });
      geoSearch(query, branchContactId, controller.signal).then(
        (suggestions) => {
          if (controller.signal.aborted) return;
          setSearch({ status: 'done', suggestions });
          setActive(-1);
          setOpen(true);
        },
        () => {
          if (!controller.signal.aborted) setSearch({ status: 'error' });
        },
      );
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, selected, branchContactId]);

  const suggestions = search.status === 'done' ? search.suggestions : [];
  const expanded = open && suggestions.length > 0;

  const pick = (address: GeoAddress) => {
    setOpen(false);
    setActive(-1);
    setSearch({ status: 'idle' });
    onPick(address);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      const choice = expanded ? suggestions[active >= 0 ? active : 0] : undefined;
      if (choice) {
        event.preventDefault();
        pick(choice);
      }
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; the dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const status =
    search.status === 'loading'
      ? 'Buscando direcciones…'
      : search.status === 'error'
        ? 'No pudimos buscar direcciones. Ingresa tu dirección en la pestaña Mi ubicación.'
        : search.status === 'done' && suggestions.length === 0
          ? 'No encontramos esa dirección. Prueba con calle y número, o usa la pestaña Mi ubicación.'
          : search.status === 'done'
            ? `${suggestions.length} ${suggestions.length === 1 ? 'sugerencia' : 'sugerencias'}`
            : '';

  return (
    <div className="address-field address-search">
      <label htmlFor={inputId} className="address-field__label">
        Buscar dirección <span aria-hidden="true">*</span>
      </label>
      <div className="address-search__box">
        <input
          ref={inputRef}
          id={inputId}
          className="address-field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={[error ? errorId : null, hintId, statusId].filter(Boolean).join(' ')}
          placeholder="Ej.: Honduras 4800"
          value={value}
          onChange={(event) => {
            setOpen(true);
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Sugerencias de direcciones"
          className="address-search__list"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input (aria-activedescendant).
            <div
              key={`${suggestion.label}|${suggestion.lat}|${suggestion.lng}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className="address-search__option"
              // mousedown would blur the input and close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion.label}
            </div>
          ))}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="address-field__hint">
        Escribe la calle y la altura, y elige tu dirección de la lista.
      </p>
      <p
        id={statusId}
        className={
          search.status === 'done' && suggestions.length > 0 ? 'visually-hidden' : 'address-field__status'
        }
        aria-live="polite"
      >
        {status}
      </p>
    </div>
  );
}
