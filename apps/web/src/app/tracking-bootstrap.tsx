import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '../components/ui/toast';
import { TrackingScreen } from './routes/tracking-screen';

const NotFound = lazy(() => import('./routes/tracking-not-found'));

/**
 * Renders the tracking page of a directly opened tracking link (main.tsx picks
 * this entry by the path). Its first load is React, the page and the realtime
 * client — not the storefront's router and menu, which a diner following a
 * delivery does not need (bench/bundle-size.mjs, bar 100 KB before the map).
 * Links inside the page leave it with a full navigation.
 */
export function trackingRender(root: HTMLElement, path: RegExpExecArray): void {
  const decode = (segment: string | undefined = '') => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '';
    }
  };
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <TrackingScreen
          alias={decode(path[1])}
          orderCode={decode(path[2])}
          notFound={
            <Suspense fallback={null}>
              <NotFound />
            </Suspense>
          }
        />
      </ToastProvider>
    </StrictMode>,
  );
}
