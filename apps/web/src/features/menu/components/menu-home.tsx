import { MENU_FILTER_PARAM, menuFilterFromQuery, menuFilterOptions } from '@comanda/domain/menu-filter';
import { cartMessages } from '@comanda/domain/messages';
import type { MoneyCountry } from '@comanda/domain/money';
import type { SupportChatConfig } from '@comanda/domain/support-chat';
import type { MenuDiscount } from '@comanda/domain/types';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { supportChatPreload } from '../../../lib/support-chat-open';
import type { MenuCategory, MenuPlate, StorefrontMenu } from '../../../types/menu';
import { PlateCard } from './plate-card';
import { imageUrl, PlateImage } from './plate-image';

export interface MenuLinks {
  plateHref: (plate: MenuPlate) => string;
  categoryHref: (category: MenuCategory) => string;
  onPlateOpen: (plate: MenuPlate) => void;
  discountFor: (plate: MenuPlate) => MenuDiscount | null;
}

// The filters come in their own chunk (the menu's first-load budget), asked only after the menu's
// first paint: asked during that render, the chunk counted as work before the largest paint
// (Lighthouse LCP 1.85 → 2.08 s). A link that already filters asks at once.
const filters = () => import('./menu-indicator-filters');
const MenuFilterChipsLazy = lazy(() => filters().then((module) => ({ default: module.MenuFilterChips })));
const MenuFilteredPlatesLazy = lazy(() =>
  filters().then((module) => ({ default: module.MenuFilteredPlates })),
);

// 'Buscar en el menú': the field is plain markup; its results (the matching rule with them) are a chunk
// asked for when the diner focuses the field, so the menu's first load carries neither.
const search = () => import('./menu-search');
const MenuSearchResultsLazy = lazy(search);

/** The search field's id (its label, and the results' way out puts the diner back in it). */
export const MENU_SEARCH_FIELD_ID = 'buscar-en-el-menu';

/** A list of plate cards. */
export function PlateList({
  plates,
  country,
  links,
  priorityCount = 0,
}: {
  plates: readonly MenuPlate[];
  country: MoneyCountry;
  links: MenuLinks;
  priorityCount?: number;
}) {
  return (
    <ul className="plate-list">
      {plates.map((plate, index) => (
        <li key={plate.id}>
          <PlateCard
            plate={plate}
            discount={links.discountFor(plate)}
            country={country}
            href={links.plateHref(plate)}
            onOpen={links.onPlateOpen}
            priority={index < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu home (ordering §2): the support/loyalty banner, 'Lo más
 * destacado', then the categories, as cards leading to their page or, with the
 * branch's `platesInMainView`, inline with their plates.
 */
export function MenuHome({
  menu,
  platesInMainView,
  country,
  links,
  banner,
  supportChat,
}: {
  menu: StorefrontMenu;
  platesInMainView: boolean;
  country: MoneyCountry;
  links: MenuLinks;
  /** The support/loyalty banner (features/menu/components/support-banner.tsx), composed by the route. */
  banner?: ReactNode;
  /** The brand's support chat: loaded once the menu is idle after its first paint (ADR 040). */
  supportChat?: SupportChatConfig;
}) {
  const options = menuFilterOptions(menu.categories);
  const chosen = menuFilterFromQuery(
    new URLSearchParams(useLocation().search).getAll(MENU_FILTER_PARAM),
    options,
  );
  const [query, setQuery] = useState('');
  // A link that filters shows the chips at once, and they stay when its filters are cleared.
  const [painted, setPainted] = useState(chosen.length > 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per menu home (the route keys it by location and mode).
  useEffect(() => {
    // When the browser is idle after the paint (Safari has no requestIdleCallback: a short wait).
    // The chat (its chunk, then the SDK from the chat's server) waits for the same moment.
    const done = () => {
      setPainted(true);
      if (supportChat) supportChatPreload(supportChat);
    };
    if ('requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(done, 500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="menu-home">
      {banner}
      <input
        id={MENU_SEARCH_FIELD_ID}
        className="menu-search"
        type="search"
        placeholder="Buscar en el menú"
        aria-label="Buscar en el menú"
        value={query}
        onFocus={search}
        onChange={(event) => setQuery(event.target.value)}
      />
      {options.length > 0 ? (
        // The row's height is reserved (CSS) so that the chips arriving later move nothing.
        <div className="menu-filters">
          {painted ? (
            <Suspense fallback={null}>
              <MenuFilterChipsLazy options={options} chosen={chosen} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {query.trim() ? (
        <Suspense fallback={null}>
          <MenuSearchResultsLazy
            categories={menu.categories}
            chosen={chosen}
            query={query}
            country={country}
            links={links}
            onClear={setQuery}
          />
        </Suspense>
      ) : chosen.length > 0 ? (
        <Suspense fallback={null}>
          <MenuFilteredPlatesLazy
            categories={menu.categories}
            chosen={chosen}
            country={country}
            links={links}
          />
        </Suspense>
      ) : (
        <MenuContents menu={menu} platesInMainView={platesInMainView} country={country} links={links} />
      )}
    </div>
  );
}

/** The unfiltered menu: 'Lo más destacado', then the categories. */
function MenuContents({
  menu,
  platesInMainView,
  country,
  links,
}: {
  menu: StorefrontMenu;
  platesInMainView: boolean;
  country: MoneyCountry;
  links: MenuLinks;
}) {
  return (
    <>
      {menu.remarkeds.length > 0 ? (
        <section className="menu-section" aria-labelledby="highlighted-title">
          <h2 id="highlighted-title" className="section-title">
            {cartMessages.highlighted}
          </h2>
          <ul className="highlighted">
            {menu.remarkeds.map((plate, index) => (
              <li key={plate.id}>
                <PlateCard
                  plate={plate}
                  discount={links.discountFor(plate)}
                  country={country}
                  href={links.plateHref(plate)}
                  onOpen={links.onPlateOpen}
                  priority={index < 2}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {platesInMainView ? (
        <>
          <nav className="category-chips" aria-label="Categorías">
            {menu.categories.map((category) => (
              <a key={category.id} className="chip" href={`#categoria-${category.slug}`}>
                {category.showName}
              </a>
            ))}
          </nav>
          {menu.categories.map((category, index) => (
            <section
              key={category.id}
              id={`categoria-${category.slug}`}
              className="menu-section menu-section--deferred"
              aria-labelledby={`categoria-${category.slug}-title`}
            >
              <h2 id={`categoria-${category.slug}-title`} className="section-title">
                {category.showName}
              </h2>
              {category.description ? <p className="muted">{category.description}</p> : null}
              <PlateList
                plates={category.plates}
                country={country}
                links={links}
                priorityCount={index === 0 ? 3 : 0}
              />
            </section>
          ))}
        </>
      ) : (
        <section className="menu-section" aria-labelledby="categories-title">
          <h2 id="categories-title" className="section-title">
            Categorías
          </h2>
          <ul className="category-grid">
            {menu.categories.map((category) => (
              <li key={category.id}>
                <Link className="category-card" to={links.categoryHref(category)}>
                  {category.withImage ? <PlateImage src={imageUrl('CATEGORY', category.numericId)} /> : null}
                  <span className="category-card__name">{category.showName}</span>
                  {category.description ? (
                    <span className="category-card__description">{category.description}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
