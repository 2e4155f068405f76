import { riderMessages } from '@comanda/domain/messages';
import type { ColorScheme } from '@comanda/domain/theme';
import type { ReactNode } from 'react';
import { IconMoon, IconSun } from '../../../components/ui/icons';
import { colorSchemeChoose } from '../../../stores/color-scheme-store';
import { useOnline } from '../lib/device';
import { riderTexts } from '../lib/texts';
import type { RiderLocation } from '../types';

/**
 * The rider pages' frame, phone first: the location's logo and name under
 * 'Repartidores' (follow-up §2.7), the light/dark switch, a bar while the
 * phone is offline, the page, and the powered-by mark (§2.6).
 */
export function RiderLayout({
  location,
  scheme,
  brand = true,
  children,
}: {
  location: RiderLocation;
  scheme: ColorScheme;
  /** The logo and name in the bar (the shift page shows them large instead). */
  brand?: boolean;
  children: ReactNode;
}) {
  const online = useOnline();
  const next: ColorScheme = scheme === 'dark' ? 'light' : 'dark';
  return (
    <div className="rider">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="rider-header">
        <div className="rider-header__inner">
          {brand ? (
            <>
              <RiderLogo location={location} size={44} />
              <div className="rider-header__titles">
                <p className="rider-header__eyebrow">{riderMessages.title}</p>
                <p className="rider-header__name">{location.name}</p>
              </div>
            </>
          ) : (
            <span className="rider-header__spacer" />
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={next === 'dark' ? 'Usar colores oscuros' : 'Usar colores claros'}
            onClick={() => colorSchemeChoose(next)}
          >
            {next === 'dark' ? <IconMoon /> : <IconSun />}
          </button>
        </div>
        {online ? null : (
          <p className="rider-offline" role="status">
            {riderTexts.offline}
          </p>
        )}
      </header>
      <main id="contenido" className="rider-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="rider-footer">
        <img src="/favicon.svg" alt="" width="20" height="20" />
        <span>
          {riderTexts.poweredBy} <strong>Comanda</strong>
        </span>
      </footer>
    </div>
  );
}

/** The location's logo, or its initial on the main colour when it has none. */
export function RiderLogo({ location, size }: { location: RiderLocation; size: number }) {
  return location.logoUrl ? (
    <img className="rider-logo" src={location.logoUrl} alt="" width={size} height={size} />
  ) : (
    <span
      className="rider-logo rider-logo--initial"
      style={{ width: size, height: size, fontSize: size / 2 }}
      aria-hidden="true"
    >
      {location.name.slice(0, 1)}
    </span>
  );
}
