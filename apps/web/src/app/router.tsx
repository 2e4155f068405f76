import {
  PAGE_CART,
  PAGE_CHECKOUT,
  PAGE_FOLLOW_UP,
  PAGE_HOME,
  PAGE_MENU_CATEGORY,
  PAGE_MENU_ENTRY,
  PAGE_MENU_MODE,
  PAGE_MENU_PLATE,
} from '@comanda/domain/page-paths';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/spinner';
import { clientLogApiFailures, clientLogCrash } from '../lib/client-log';
import { MenuHomeRoute, MenuRoute } from './routes/menu';
import { ScrollMemory } from './scroll-memory';

// Declarative routing: the data router costs 16 KB gzipped more, and the menu
// route must fit a 100 KB first load (docs/decisions/004-web-bundle-budget.md).
// Every other screen is its own chunk: a diner downloads only what they open.
// The mode menu is the storefront's landing page and lives in the first-paint
// chunk (vite.config.ts), so it is imported directly: a lazy boundary there
// would only add React's fallback throttle (about 300 ms) before it renders.
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const MenuEntryRoute = lazy(() => import('./routes/menu-entry').then((m) => ({ default: m.MenuEntryRoute })));
const CartRoute = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartRoute })));
const CheckoutRoute = lazy(() => import('./routes/checkout').then((m) => ({ default: m.CheckoutRoute })));
const menuPages = () => import('./routes/menu-pages');
const MenuCategoryRoute = lazy(() => menuPages().then((m) => ({ default: m.MenuCategoryRoute })));
const MenuPlateRoute = lazy(() => menuPages().then((m) => ({ default: m.MenuPlateRoute })));
const FollowUpRoute = lazy(() => import('./routes/follow-up').then((m) => ({ default: m.FollowUpRoute })));
// The console, support, rider and tracking screens, and the catch-all page: one lazy sub-tree.
const OtherRoutes = lazy(() => import('./routes/other-routes').then((m) => ({ default: m.OtherRoutes })));

clientLogApiFailures();

/**
 * The storefront's routes (ordering §2, follow-up §2.1). `preview` outranks a
 * mode because a static segment wins; `checkout` and `order` fall to the
 * mode route, which answers them with the not-found page until their screens
 * exist (they are never read as a mode). The paths are the shared list the
 * server answers 200 for (`@comanda/domain/page-paths`); any other path is
 * the catch-all page, served with 404.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollMemory />
      <ErrorBoundary onError={clientLogCrash}>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path={PAGE_HOME} element={<HomeRoute />} />
            <Route path={PAGE_MENU_ENTRY} element={<MenuEntryRoute />} />
            <Route path={PAGE_CART} element={<CartRoute />} />
            <Route path={PAGE_FOLLOW_UP} element={<FollowUpRoute />} />
            <Route path={PAGE_CHECKOUT} element={<CheckoutRoute />} />
            <Route path={PAGE_MENU_MODE} element={<MenuRoute />}>
              <Route index element={<MenuHomeRoute />} />
              <Route path={PAGE_MENU_CATEGORY} element={<MenuCategoryRoute />} />
              <Route path={PAGE_MENU_PLATE} element={<MenuPlateRoute />} />
            </Route>
            <Route path="*" element={<OtherRoutes />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
