/**
 * The menu's indicator filters (issue 12, ours beyond the spec): chips a diner
 * toggles ('Sin TACC', 'Vegano', 'Vegetariano', only those the menu uses) and
 * the plates that pass them. A chunk of its own, loaded after the menu's first
 * paint and only for menus that carry such indicators (the first-load budget).
 * The choice lives in the URL query, so a shared or reloaded link keeps it.
 */
import { indicatorLabel } from '@comanda/domain/indicators';
import { MENU_FILTER_PARAM, menuFilterByIndicators } from '@comanda/domain/menu-filter';
import type { MoneyCountry } from '@comanda/domain/money';
import { useSearchParams } from 'react-router';
import type { MenuCategory } from '../../../types/menu';
import { type MenuLinks, PlateList } from './menu-home';

/** Writes the chosen codes into the query, keeping every other parameter (entry params, …). */
function useFilterChoice(): (codes: readonly string[]) => void {
  const [, setSearchParams] = useSearchParams();
  return (codes) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MENU_FILTER_PARAM);
        for (const code of codes) next.append(MENU_FILTER_PARAM, code);
        return next;
      },
      // Toggling is not a new page: Back leaves the menu instead of undoing chips one by one.
      { replace: true, preventScrollReset: true },
    );
}

/** The chips, as toggle buttons: `aria-pressed` tells a screen reader which are on. */
export function MenuFilterChips({
  options,
  chosen,
}: {
  options: readonly string[];
  chosen: readonly string[];
}) {
  const choose = useFilterChoice();
  return (
    <fieldset className="menu-filters__chips">
      <legend className="visually-hidden">Filtrar platos</legend>
      {options.map((code) => {
        const pressed = chosen.includes(code);
        return (
          <button
            key={code}
            type="button"
            className="chip menu-filters__chip"
            aria-pressed={pressed}
            onClick={() =>
              choose(
                pressed
                  ? chosen.filter((other) => other !== code)
                  : options.filter((other) => other === code || chosen.includes(other)),
              )
            }
          >
            {indicatorLabel(code)}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The plates that pass the chosen filters, by category; or the empty state with a way out. */
export function MenuFilteredPlates({
  categories,
  chosen,
  country,
  links,
}: {
  categories: readonly MenuCategory[];
  chosen: readonly string[];
  country: MoneyCountry;
  links: MenuLinks;
}) {
  const choose = useFilterChoice();
  const kept = menuFilterByIndicators(categories, chosen);
  const count = kept.reduce((total, category) => total + category.plates.length, 0);
  return (
    <div className="menu-filtered">
      <p className="visually-hidden" role="status">
        {count === 1 ? '1 plato cumple con los filtros' : `${count} platos cumplen con los filtros`}
      </p>
      {kept.length === 0 ? (
        <div className="menu-filtered__empty">
          <p>Ningún plato cumple con los filtros</p>
          <button type="button" className="button button--bordered" onClick={() => choose([])}>
            Quitar filtros
          </button>
        </div>
      ) : (
        kept.map((category, index) => (
          <section
            key={category.id}
            className="menu-section"
            aria-labelledby={`filtrado-${category.slug}-title`}
          >
            <h2 id={`filtrado-${category.slug}-title`} className="section-title">
              {category.showName}
            </h2>
            <PlateList
              plates={category.plates}
              country={country}
              links={links}
              priorityCount={index === 0 ? 3 : 0}
            />
          </section>
        ))
      )}
    </div>
  );
}
