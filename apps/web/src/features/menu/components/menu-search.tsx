/**
 * The results of 'Buscar en el menú' (issue 18, ours beyond the spec): the
 * plates whose name or description holds every word typed, by category, on top
 * of the indicator filters chosen; or the empty state with a way out. A chunk
 * of its own, asked for when the diner focuses the field (the first-load
 * budget: the field itself is plain markup of the menu home).
 */
import { menuFilterByIndicators } from '@comanda/domain/menu-filter';
import { menuSearchFilter } from '@comanda/domain/menu-search';
import type { MoneyCountry } from '@comanda/domain/money';
import type { MenuCategory } from '../../../types/menu';
import { MENU_SEARCH_FIELD_ID, type MenuLinks, PlateList } from './menu-home';

export default function MenuSearchResults({
  categories,
  chosen,
  query,
  country,
  links,
  onClear,
}: {
  categories: readonly MenuCategory[];
  /** The indicator filters chosen: the search narrows what they keep. */
  chosen: readonly string[];
  query: string;
  country: MoneyCountry;
  links: MenuLinks;
  /** Empties the field (called with ''). */
  onClear: (query: '') => void;
}) {
  const kept = menuSearchFilter(menuFilterByIndicators(categories, chosen), query);
  const count = kept.reduce((total, category) => total + category.plates.length, 0);
  return (
    <div className="menu-filtered menu-search-results">
      <p className="visually-hidden" role="status">
        {count === 1 ? '1 plato encontrado' : `${count} platos encontrados`}
      </p>
      {kept.length === 0 ? (
        <div className="menu-filtered__empty">
          <p>
            {`No encontramos platos con "${query.trim()}"${chosen.length > 0 ? ' entre los filtrados' : ''}.`}
            <br />
            Prueba con otra palabra.
          </p>
          <button
            type="button"
            className="button button--bordered"
            onClick={() => {
              onClear('');
              document.getElementById(MENU_SEARCH_FIELD_ID)?.focus();
            }}
          >
            Borrar búsqueda
          </button>
        </div>
      ) : (
        kept.map((category, index) => (
          <section
            key={category.id}
            className="menu-section"
            aria-labelledby={`busqueda-${category.slug}-title`}
          >
            <h2 id={`busqueda-${category.slug}-title`} className="section-title">
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
