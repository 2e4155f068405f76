import type { MoneyCountry } from '@comanda/domain/money';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { IconBack } from '../../../components/ui/icons';
import type { MenuCategory } from '../../../types/menu';
import { type MenuLinks, PlateList } from './menu-home';

/**
 * A category's page (ordering §2 "Category page"): its name and description,
 * then its plates. Above them, the menu's categories in a bar that stays under
 * the header (issue 18: a long menu's categories stay reachable), this one
 * marked and scrolled into view.
 */
export function CategoryPage({
  category,
  categories,
  country,
  links,
  backHref,
}: {
  category: MenuCategory;
  categories: readonly MenuCategory[];
  country: MoneyCountry;
  links: MenuLinks;
  backHref: string;
}) {
  const current = useRef<HTMLAnchorElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again on each category the bar leads to.
  useEffect(() => {
    // Only the bar scrolls sideways: the page itself stays where the navigation put it.
    const chip = current.current;
    const bar = chip?.parentElement;
    if (chip && bar) bar.scrollLeft = chip.offsetLeft - (bar.clientWidth - chip.offsetWidth) / 2;
  }, [category.id]);
  return (
    <section className="category-page" aria-labelledby="category-title">
      <Link className="back-link" to={backHref}>
        <IconBack size={18} />
        Volver al Menú
      </Link>
      {categories.length > 1 ? (
        <nav className="category-chips category-chips--pages" aria-label="Categorías">
          {categories.map((other) => (
            <Link
              key={other.id}
              ref={other.id === category.id ? current : undefined}
              className="chip"
              to={links.categoryHref(other)}
              aria-current={other.id === category.id ? 'page' : undefined}
            >
              {other.showName}
            </Link>
          ))}
        </nav>
      ) : null}
      <h1 id="category-title" className="brand-title">
        {category.showName}
      </h1>
      {category.description ? <p className="muted">{category.description}</p> : null}
      <PlateList plates={category.plates} country={country} links={links} priorityCount={3} />
    </section>
  );
}
