import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { Spinner } from '../../components/spinner';
import type { MenuLinks } from '../../features/menu/components/menu-home';
import type { ApiBranchContact, ApiCountry, ApiOrderMode } from '../../types/api';
import type { MenuPlate, StorefrontMenu } from '../../types/menu';

/** What the mode's screen hands its nested pages (home, category, plate). */
export interface MenuContext {
  contact: ApiBranchContact;
  country: ApiCountry;
  mode: ApiOrderMode;
  menu: StorefrontMenu | null;
  menuFailed: boolean;
  retryMenu: () => void;
  links: MenuLinks;
  /** The mode menu's path with the query string. */
  basePath: string;
  search: string;
  header: ReactNode;
  /** The plate detail as a page; `onDone` runs after the item went to the cart. */
  platePage: (plate: MenuPlate, onDone: () => void) => ReactNode;
}

export function useMenuContext(): MenuContext {
  return useOutletContext<MenuContext>();
}

/** While the menu loads, a spinner; when it failed, the error and a retry (the page keeps working). */
export function MenuLoadState({ context }: { context: MenuContext }) {
  if (context.menuFailed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>No pudimos cargar el menú.</p>
        <button type="button" className="button button--small" onClick={context.retryMenu}>
          Reintentar
        </button>
      </div>
    );
  }
  return <Spinner label="Cargando el menú…" />;
}
