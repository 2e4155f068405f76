import { type FormEvent, useId, useRef, useState } from 'react';
import {
  GUIDE_ADDRESS_MIN_CHARS,
  type GuideAddress,
  type GuidePoint,
  guideAddressSearch,
} from '../api/guide-api';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; addresses: GuideAddress[] }
  | { status: 'problem'; message: string };

/**
 * The fallback when the device's location is not shared: the diner types an
 * address (street and number, the neighbourhood or city), picks one of the
 * matches, and the guide searches around it.
 */
export function GuideAddressSearch({
  onPick,
  autoFocus = false,
}: {
  onPick: (point: GuidePoint, label: string) => void;
  autoFocus?: boolean;
}) {
  const inputId = useId();
  const messageId = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text.length < GUIDE_ADDRESS_MIN_CHARS) {
      setState({
        status: 'problem',
        message: `Escribe al menos ${GUIDE_ADDRESS_MIN_CHARS} letras de tu dirección.`,
      });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'searching' });
    guideAddressSearch(text, current.signal).then(
      (addresses) => {
        if (current.signal.aborted) return;
        setState(
          addresses.length
            ? { status: 'found', addresses }
            : { status: 'problem', message: 'No encontramos esa dirección. Revisa la calle y el número.' },
        );
      },
      () => {
        if (current.signal.aborted) return;
        setState({
          status: 'problem',
          message: 'No pudimos buscar la dirección. Inténtalo de nuevo en unos minutos.',
        });
      },
    );
  };

  return (
    <form className="guide-search" onSubmit={submit} aria-label="Buscar tu dirección">
      <label className="guide-search__label" htmlFor={inputId}>
        Tu dirección
      </label>
      <div className="guide-search__row">
        <input
          id={inputId}
          className="guide-search__input"
          type="search"
          autoComplete="street-address"
          placeholder="Calle y número"
          value={query}
          maxLength={200}
          // biome-ignore lint/a11y/noAutofocus: the diner just said no to sharing the location; typing is next.
          autoFocus={autoFocus}
          aria-invalid={state.status === 'problem'}
          aria-describedby={state.status === 'problem' ? messageId : undefined}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="button" disabled={state.status === 'searching'}>
          Buscar
        </button>
      </div>
      {state.status === 'problem' ? (
        <p id={messageId} className="field-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === 'found' ? (
        <ul className="guide-search__results" aria-label="Direcciones encontradas">
          {state.addresses.map((address) => (
            <li key={`${address.label}-${address.lat}-${address.lng}`}>
              <button
                type="button"
                className="guide-search__result"
                onClick={() => onPick({ lat: address.lat, lng: address.lng }, address.label)}
              >
                {address.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
