import { cartMessages } from '@comanda/domain/messages';
import { Link, useNavigate, useParams } from 'react-router';
import { IconBack } from '../../components/ui/icons';
import { menuCategoryFind, menuPlateFind } from '../../features/menu/api/get-menu';
import { CategoryPage } from '../../features/menu/components/category-page';
import { type MenuContext, MenuLoadState, useMenuContext } from './menu-context';

/** `./{category}`: a category's page. */
export function MenuCategoryRoute() {
  const context = useMenuContext();
  const { category: segment = '' } = useParams();
  if (!context.menu) return <MenuLoadState context={context} />;
  const category = menuCategoryFind(context.menu, segment);
  if (!category) return <MissingInMenu context={context} what="Esta categoría ya no está en el menú." />;
  return (
    <CategoryPage
      category={category}
      categories={context.menu.categories}
      country={context.country}
      links={context.links}
      backHref={context.basePath}
    />
  );
}

/** `./{category}/{plate}`: a plate's page (when the branch does not show plates in a modal, or from a shared link). */
export function MenuPlateRoute() {
  const context = useMenuContext();
  const navigate = useNavigate();
  const { category: categorySegment = '', plate: plateSegment = '' } = useParams();
  if (!context.menu) return <MenuLoadState context={context} />;
  const category = menuCategoryFind(context.menu, categorySegment);
  const plate = category ? menuPlateFind(category, plateSegment) : null;
  if (!category || !plate)
    return <MissingInMenu context={context} what="Este producto ya no está en el menú." />;
  return (
    <section className="plate-page" aria-label={plate.showName}>
      <Link className="back-link" to={context.basePath}>
        <IconBack size={18} />
        Volver al Menú
      </Link>
      {context.platePage(plate, () => navigate(context.basePath))}
    </section>
  );
}

function MissingInMenu({ context, what }: { context: MenuContext; what: string }) {
  const navigate = useNavigate();
  return (
    <div className="notice notice--error" role="alert">
      <p>{what}</p>
      <button type="button" className="button button--small" onClick={() => navigate(context.basePath)}>
        {cartMessages.backToMenu}
      </button>
    </div>
  );
}
