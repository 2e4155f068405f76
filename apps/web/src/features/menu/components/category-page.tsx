import type { MoneyCountry } from '@comanda/domain/money';
import { Link } from 'react-router';
import { IconBack } from '../../../components/ui/icons';
import type { MenuCategory } from '../../../types/menu';
import { type MenuLinks, PlateList } from './menu-home';

/** A category's page (ordering §2 "Category page"): its name and description, then its plates. */
export function CategoryPage({
  category,
  country,
  links,
  backHref,
}: {
  category: MenuCategory;
  country: MoneyCountry;
  links: MenuLinks;
  backHref: string;
}) {
  return (
    <section className="category-page" aria-labelledby="category-title">
      <Link className="back-link" to={backHref}>
        <IconBack size={18} />
        Volver al Menú
      </Link>
      <h1 id="category-title" className="brand-title">
        {category.showName}
      </h1>
      {category.description ? <p className="muted">{category.description}</p> : null}
      <PlateList plates={category.plates} country={country} links={links} priorityCount={3} />
    </section>
  );
}
