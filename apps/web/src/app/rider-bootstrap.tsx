import {
  PAGE_RIDER_SHIFT,
  PAGE_RIDER_SHIFT_SHIPMENTS,
  PAGE_RIDER_SHIPMENT,
  PAGE_RIDER_SHIPMENTS,
  PAGE_RIDER_START,
} from '@comanda/domain/page-paths';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/spinner';
import { ToastProvider } from '../components/ui/toast';
import { RIDER_APP_PATH } from '../lib/entry-paths';
import { NotFoundRoute } from './routes/not-found';

const RiderStartRoute = lazy(() =>
  import('./routes/rider-start').then((m) => ({ default: m.RiderStartRoute })),
);
const RiderShiftRoute = lazy(() =>
  import('./routes/rider-shift').then((m) => ({ default: m.RiderShiftRoute })),
);
const RiderRedirectRoute = lazy(() =>
  import('./routes/rider-redirect').then((m) => ({ default: m.RiderRedirectRoute })),
);
const RiderShipmentsRoute = lazy(() =>
  import('./routes/rider-shipments').then((m) => ({ default: m.RiderShipmentsRoute })),
);
const RiderShipmentRoute = lazy(() =>
  import('./routes/rider-shipment').then((m) => ({ default: m.RiderShipmentRoute })),
);

/**
 * A path of the rider app's router that is not the rider app's: its unknown
 * `/logistics` paths and the catch-all page with the rider's message ('Acceso
 * denegado o link expirado') are answered here; any other (the catch-all
 * page's 'Volver al inicio') is the storefront's, loaded with a full navigation.
 */
function OutsideRoute() {
  const { pathname, search } = useLocation();
  const ours = RIDER_APP_PATH.test(pathname) || pathname === '/404';
  useEffect(() => {
    if (!ours) window.location.replace(`${pathname}${search}`);
  }, [ours, pathname, search]);
  return ours ? <NotFoundRoute /> : <Spinner />;
}

/**
 * Renders the rider app (follow-up §2.1, §2.5–2.7) for a rider path opened
 * directly (main.tsx picks this entry by the path). Its first load is React,
 * React Router and the rider's screen, not the storefront's first-paint chunk
 * (bench/bundle-size.mjs: the rider app's first page has the storefront's
 * 100 KB bar); each screen is still its own chunk.
 */
export function riderRender(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <ErrorBoundary>
            <Suspense fallback={<Spinner />}>
              <Routes>
                <Route path={PAGE_RIDER_START} element={<RiderStartRoute />} />
                <Route path={PAGE_RIDER_SHIFT} element={<RiderShiftRoute />} />
                <Route path={PAGE_RIDER_SHIFT_SHIPMENTS} element={<RiderRedirectRoute />} />
                <Route path={PAGE_RIDER_SHIPMENTS} element={<RiderShipmentsRoute />} />
                <Route path={PAGE_RIDER_SHIPMENT} element={<RiderShipmentRoute />} />
                <Route path="*" element={<OutsideRoute />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>,
  );
}
