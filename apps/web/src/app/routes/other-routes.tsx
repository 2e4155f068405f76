import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundRoute } from './not-found';

// The screens outside the storefront's ordering flow: the orders console, the
// support contacts, the own-fleet screens (follow-up §2.1: the rider app and
// the customer's live tracking) and the catch-all page for unknown paths. A
// sub-tree loaded with its first screen, so that the storefront's first load
// carries one lazy route for all of them (ADR 004 budget, and room for the
// shared core chunk of vite.config.ts); each screen is still its own chunk.
const ConsoleRoute = lazy(() => import('./console').then((m) => ({ default: m.ConsoleRoute })));
const SupportRoute = lazy(() => import('./support').then((m) => ({ default: m.SupportRoute })));
const RiderStartRoute = lazy(() => import('./rider-start').then((m) => ({ default: m.RiderStartRoute })));
const RiderShiftRoute = lazy(() => import('./rider-shift').then((m) => ({ default: m.RiderShiftRoute })));
const RiderRedirectRoute = lazy(() =>
  import('./rider-redirect').then((m) => ({ default: m.RiderRedirectRoute })),
);
const RiderShipmentsRoute = lazy(() =>
  import('./rider-shipments').then((m) => ({ default: m.RiderShipmentsRoute })),
);
const RiderShipmentRoute = lazy(() =>
  import('./rider-shipment').then((m) => ({ default: m.RiderShipmentRoute })),
);
const TrackingRoute = lazy(() => import('./tracking').then((m) => ({ default: m.TrackingRoute })));

/** Every path the storefront's routes do not name (app/router.tsx). */
export function OtherRoutes() {
  return (
    <Routes>
      <Route path="console" element={<ConsoleRoute />} />
      <Route path="soporte" element={<SupportRoute />} />
      <Route path="logistics" element={<RiderStartRoute />} />
      <Route path="logistics/tracking/order/:alias/:orderCode" element={<TrackingRoute />} />
      <Route path="logistics/:alias/rider/:registerPageVariant" element={<RiderShiftRoute />} />
      <Route path="logistics/:alias/rider/:riderId/shipments" element={<RiderRedirectRoute />} />
      <Route path="logistics/:alias/shipments" element={<RiderShipmentsRoute />} />
      <Route path="logistics/:alias/shipments/:shipmentType/:shipmentId" element={<RiderShipmentRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
