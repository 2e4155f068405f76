import {
  PAGE_CONSOLE,
  PAGE_GUIDE,
  PAGE_MANAGE,
  PAGE_STAFF_PASSWORD,
  PAGE_SUPPORT,
  PAGE_SURVEY,
  PAGE_TRACKING,
} from '@comanda/domain/page-paths';
import { lazy, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { NotFoundRoute } from './not-found';

// The screens outside the storefront's ordering flow: the orders console, the
// branch guide (`/menu`), the support contacts, the customer's live tracking reached from the follow-up
// (follow-up §2.1), the order survey and the catch-all page for unknown paths. A sub-tree loaded
// with its first screen, so that the storefront's first load carries one lazy
// route for all of them (ADR 004 budget, and room for the shared core chunk of
// vite.config.ts); each screen is still its own chunk.
const ConsoleRoute = lazy(() => import('./console').then((m) => ({ default: m.ConsoleRoute })));
const ManageRoute = lazy(() => import('./manage').then((m) => ({ default: m.ManageRoute })));
const StaffLinkRoute = lazy(() => import('./staff-link').then((m) => ({ default: m.StaffLinkRoute })));
const GuideRoute = lazy(() => import('./guide').then((m) => ({ default: m.GuideRoute })));
const SupportRoute = lazy(() => import('./support').then((m) => ({ default: m.SupportRoute })));
const TrackingRoute = lazy(() => import('./tracking').then((m) => ({ default: m.TrackingRoute })));
// The order survey (follow-up §2.3): reached from a WhatsApp invitation or the follow-up, never from the menu.
const SurveyRoute = lazy(() => import('./survey').then((m) => ({ default: m.SurveyRoute })));

/**
 * A rider app path reached inside the storefront: the rider app is an entry of
 * its own (app/rider-bootstrap.tsx, chosen by main.tsx), so it loads with a
 * full navigation.
 */
function RiderAppRoute() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}`), [pathname, search]);
  return <Spinner />;
}

/** Every path the storefront's routes do not name (app/router.tsx). */
export function OtherRoutes() {
  return (
    <Routes>
      <Route path={PAGE_CONSOLE} element={<ConsoleRoute />} />
      <Route path={PAGE_MANAGE} element={<ManageRoute />} />
      <Route path={PAGE_STAFF_PASSWORD} element={<StaffLinkRoute />} />
      <Route path={PAGE_GUIDE} element={<GuideRoute />} />
      <Route path={PAGE_SUPPORT} element={<SupportRoute />} />
      <Route path={PAGE_TRACKING} element={<TrackingRoute />} />
      <Route path={PAGE_SURVEY} element={<SurveyRoute />} />
      <Route path="logistics/tracking/*" element={<NotFoundRoute />} />
      <Route path="logistics/*" element={<RiderAppRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
