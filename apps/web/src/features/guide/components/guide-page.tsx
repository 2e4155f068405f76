import { useCallback, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import type { GuidePoint } from '../api/guide-api';
import { useDeviceLocation } from '../hooks/use-device-location';
import { useGuidePages } from '../hooks/use-guide-pages';
import { GuideAddressSearch } from './guide-address-search';
import { GuideCard } from './guide-card';
import { GuideMore } from './guide-more';
import '../guide.css';

interface Origin {
  point: GuidePoint;
  /** The address picked; null for the device's location. */
  label: string | null;
}

/**
 * `/menu` (follow-up §2.1 "Branch selection", §2.4 the branch guide): the
 * locations nearest to the diner, sorted by distance. It says why it wants the
 * location before the browser asks; without it (denied, unavailable) the diner
 * searches an address instead.
 */
export function GuidePage() {
  const [origin, setOrigin] = useState<Origin | null>(null);
  const located = useCallback((point: GuidePoint) => setOrigin({ point, label: null }), []);
  const device = useDeviceLocation(located);
  const [searching, setSearching] = useState(false);
  const pages = useGuidePages(origin?.point ?? null);
  const deviceRefused = device.status === 'denied' || device.status === 'unavailable';
  const showSearch = origin === null ? deviceRefused || searching : searching;

  return (
    <main className="page guide" id="contenido">
      <h1 className="guide__title">Locales cerca de ti</h1>
      {origin === null ? (
        <section className="guide__intro" aria-label="Tu ubicación">
          <p>
            Para mostrarte los locales más cercanos y saber cuáles hacen delivery hasta ti, necesitamos tu
            ubicación. La usamos solo para esta búsqueda: no la guardamos.
          </p>
          {device.status === 'denied' ? (
            <p className="notice notice--warning" role="status">
              No tenemos permiso para usar tu ubicación. Busca tu dirección y te mostramos los locales
              cercanos.
            </p>
          ) : null}
          {device.status === 'unavailable' ? (
            <p className="notice notice--warning" role="status">
              No pudimos obtener tu ubicación. Busca tu dirección y te mostramos los locales cercanos.
            </p>
          ) : null}
          {deviceRefused ? null : (
            <div className="guide__choices">
              <button
                type="button"
                className="button"
                onClick={device.ask}
                disabled={device.status === 'asking'}
              >
                {device.status === 'asking' ? 'Buscando tu ubicación…' : 'Usar mi ubicación'}
              </button>
              {searching ? null : (
                <button type="button" className="link-button" onClick={() => setSearching(true)}>
                  Prefiero escribir mi dirección
                </button>
              )}
            </div>
          )}
        </section>
      ) : (
        <p className="guide__origin muted">
          {origin.label ? `Cerca de ${origin.label}` : 'Cerca de tu ubicación actual'} ·{' '}
          <button type="button" className="link-button" onClick={() => setSearching(true)}>
            Cambiar
          </button>
        </p>
      )}
      {showSearch ? (
        <GuideAddressSearch
          autoFocus={deviceRefused || searching}
          onPick={(point, label) => {
            setSearching(false);
            setOrigin({ point, label });
          }}
        />
      ) : null}
      {origin ? <GuideResults pages={pages} /> : null}
    </main>
  );
}

function GuideResults({ pages }: { pages: ReturnType<typeof useGuidePages> }) {
  if (pages.loading) return <Spinner label="Buscando locales cercanos…" />;
  if (pages.cards.length === 0) {
    if (pages.failed) {
      return (
        <div className="notice notice--error" role="alert">
          <p>No pudimos buscar locales cercanos.</p>
          <button type="button" className="button button--small" onClick={pages.more}>
            Reintentar
          </button>
        </div>
      );
    }
    return <p className="guide__empty muted">No encontramos locales cerca de esta ubicación.</p>;
  }
  return (
    <>
      <ul className="card-list guide__list" aria-label="Locales por distancia">
        {pages.cards.map((card) => (
          <li key={card.id}>
            <GuideCard card={card} />
          </li>
        ))}
      </ul>
      <GuideMore pages={pages} />
    </>
  );
}
