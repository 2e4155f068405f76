import type { ColorScheme } from '@comanda/domain/theme';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconBack, IconMenu, IconMoon, IconSun } from '../../../components/ui/icons';
import { appIsInAppBrowser, appIsInstalled } from '../../../lib/app-environment';
import { colorSchemeChoose } from '../../../stores/color-scheme-store';
import { useInstallPromptAvailable } from '../../../stores/install-prompt-store';

// Both open only on demand (a click, the browser's install offer): their code is not in the first load.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));
const InstallPrompt = lazy(() =>
  import('./install-prompt').then((module) => ({ default: module.InstallPrompt })),
);
// A venue's reward link (`?reward={id}`, ADR 029): its sign-up loads only in an app opened with one.
const RewardLink = lazy(() => import('./reward-link'));
const rewardLinkArrived = /[?&]reward=/.test(window.location.search);

interface StorefrontLayoutProps {
  /** The brand shown in the header: the branch's, or the company's. */
  brandName: string;
  logoUrl?: string | null;
  /** Where the logo leads. */
  homeHref: string;
  aliasType: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
  scheme: ColorScheme;
  children: ReactNode;
}

/**
 * The storefront's frame (ordering §2 "shared wrapper"): a header with a back
 * arrow (installed app or in-app browser only), the logo, the light/dark switch
 * and the menu button opening the account menu from the right; the page; and a
 * footer crediting the platform.
 */
export function StorefrontLayout({
  brandName,
  logoUrl,
  homeHref,
  aliasType,
  scheme,
  children,
}: StorefrontLayoutProps) {
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [showBack] = useState(() => appIsInstalled() || appIsInAppBrowser());
  const next: ColorScheme = scheme === 'dark' ? 'light' : 'dark';
  const installable = useInstallPromptAvailable();
  // The tab reads the venue's name, not the product's (index.html's title shows only until this runs).
  useEffect(() => {
    document.title = brandName;
  }, [brandName]);

  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          {showBack ? (
            <button type="button" className="icon-button" aria-label="Volver" onClick={() => navigate(-1)}>
              <IconBack />
            </button>
          ) : null}
          <Link to={homeHref} className="app-header__brand">
            {logoUrl ? (
              <img className="app-header__logo" src={logoUrl} alt={brandName} width="40" height="40" />
            ) : (
              <span className="app-header__name">{brandName}</span>
            )}
          </Link>
          <button
            type="button"
            className="icon-button"
            aria-label={next === 'dark' ? 'Usar colores oscuros' : 'Usar colores claros'}
            onClick={() => colorSchemeChoose(next)}
          >
            {next === 'dark' ? <IconMoon /> : <IconSun />}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <IconMenu />
          </button>
        </div>
      </header>
      {installable ? (
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      ) : null}
      <div id="contenido" className="app-content" tabIndex={-1}>
        {children}
      </div>
      <footer className="app-footer">
        <p>
          Pedidos online con <a href="/">Comanda</a>
        </p>
      </footer>
      {menuOpen ? (
        <Suspense fallback={null}>
          <AccountMenu open={menuOpen} onClose={() => setMenuOpen(false)} aliasType={aliasType} />
        </Suspense>
      ) : null}
      {rewardLinkArrived ? (
        <Suspense fallback={null}>
          <RewardLink />
        </Suspense>
      ) : null}
    </>
  );
}
