import { trackingMessages } from '@comanda/domain/messages';
import type { ColorScheme } from '@comanda/domain/theme';
import {
  type TrackingMarker,
  trackingCodeIsValid,
  trackingMarkers,
  trackingPageTexts,
  trackingPositionFreshness,
  trackingRiderPanel,
} from '@comanda/domain/tracking';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import type { TrackingState } from '../hooks/use-tracking';
import { trackingCodeShownRemember, trackingCodeWasShown } from '../lib/code-shared';
import { TrackingOverlay } from './tracking-overlay';
import '../tracking.css';

// Leaflet arrives in a chunk of its own, after the overlay is on screen.
const TrackingMapLazy = lazy(() => import('./tracking-map'));

export interface TrackingPageProps {
  orderCode: string;
  tracking: TrackingState;
  now: number;
  scheme: ColorScheme;
  onSchemeChange: (scheme: ColorScheme) => void;
  /** The company's storage is known (lib/storage-scope.ts): the once-per-order dialog may read it. */
  storageReady: boolean;
}

type Inset = { top: number; right: number; bottom: number; left: number };
const NO_INSET: Inset = { top: 0, right: 0, bottom: 0, left: 0 };

/** Where the panel sits over the map: the bottom sheet of a phone, or the side card of a wide screen. */
function useOverlayInset(panel: React.RefObject<HTMLElement | null>, key: unknown): Inset {
  const [inset, setInset] = useState<Inset>(NO_INSET);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the panel's content (key) changes.
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const wide = window.innerWidth >= 720;
      const next = wide
        ? { ...NO_INSET, left: Math.round(rect.right) }
        : { ...NO_INSET, bottom: Math.round(window.innerHeight - rect.top) };
      setInset((previous) =>
        previous.left === next.left && previous.bottom === next.bottom ? previous : next,
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [panel, key]);
  return inset;
}

/**
 * The customer's live tracking (follow-up §2.8): the full-screen map with the
 * rider, the branch and the destination, the overlay that says the same in
 * words, and — once per order, only for a valid code — the 'Comparte la clave'
 * dialog.
 */
export function TrackingPage({
  orderCode,
  tracking,
  now,
  scheme,
  onSchemeChange,
  storageReady,
}: TrackingPageProps) {
  const { data, status, realtime, polling, refresh } = tracking;
  // The first read answered (a refresh keeps what is shown meanwhile).
  const settled = data !== null || status === 'failed';
  const panel = useRef<HTMLElement>(null);
  const inset = useOverlayInset(panel, settled ? (data?.rider ? 2 : 1) + (data?.eta ? 4 : 0) : 0);

  const freshness = trackingPositionFreshness(data?.rider?.position?.at, now);
  const riderName = trackingRiderPanel(data?.rider).title;
  const markers = useMemo<TrackingMarker[]>(
    () =>
      data
        ? trackingMarkers({
            rider: data.rider?.position ?? null,
            branch: data.branch.position,
            destination: data.destination.position,
          }).map((marker) =>
            // Only the point: the marker's `at` is the overlay's business.
            marker.type === 'rider'
              ? { type: 'rider', position: { lat: marker.position.lat, lng: marker.position.lng } }
              : marker,
          )
        : [],
    [data],
  );
  const names = useMemo<Record<TrackingMarker['type'], string>>(
    () => ({
      rider: freshness.text
        ? `Repartidor: ${riderName} (${freshness.text.toLowerCase()})`
        : `Repartidor: ${riderName}`,
      branch: `Local: ${data?.branch.name ?? ''}`,
      destination: 'Tu dirección',
    }),
    [riderName, freshness.text, data?.branch.name],
  );

  // The tab names the venue, as the storefront's does (not the product).
  const venue = data?.branch.name;
  useEffect(() => {
    if (venue) document.title = `Seguimiento · ${venue}`;
  }, [venue]);

  // 'Comparte la clave', once per order and only for a valid code (§2.8, §5).
  const code = data?.securityCode ?? null;
  const [codeDialog, setCodeDialog] = useState(false);
  useEffect(() => {
    if (!storageReady || !data || !trackingCodeIsValid(code)) return;
    if (!trackingCodeWasShown(data.orderCode)) setCodeDialog(true);
  }, [storageReady, data, code]);
  const codeDialogClose = useCallback(() => {
    if (data) trackingCodeShownRemember(data.orderCode);
    setCodeDialog(false);
  }, [data]);

  return (
    <div className="tracking">
      <a className="skip-link" href="#contenido">
        Saltar al seguimiento
      </a>
      {/* Until the first answer the page shows only that it is loading: the panel and the map then
          appear whole, nothing on screen moves as they fill in, and the map's code (Leaflet) starts
          once the words are on screen. */}
      {settled ? (
        <>
          <Suspense fallback={<div className="tracking-map tracking-map--loading" aria-hidden="true" />}>
            <TrackingMapLazy
              markers={markers}
              names={names}
              riderStale={freshness.stale}
              overlayInset={inset}
            />
          </Suspense>
          <TrackingOverlay
            ref={panel}
            orderCode={orderCode}
            status={status}
            data={data}
            realtime={realtime}
            polling={polling}
            now={now}
            scheme={scheme}
            onRefresh={refresh}
            onSchemeChange={onSchemeChange}
          />
        </>
      ) : (
        <>
          <div className="tracking-map tracking-map--loading" aria-hidden="true" />
          <p className="tracking-loading" role="status">
            {trackingPageTexts.loading}
          </p>
        </>
      )}
      <Modal
        // A code that stops being valid (the order was delivered meanwhile) closes it.
        open={codeDialog && trackingCodeIsValid(code)}
        title={trackingMessages.shareTitle}
        onClose={codeDialogClose}
        footer={
          <button type="button" className="button" onClick={codeDialogClose}>
            {trackingMessages.continue}
          </button>
        }
      >
        <p className="tracking-share__code">
          <span className="visually-hidden">{trackingMessages.codeTitle}: </span>
          {code}
        </p>
        <p>{trackingMessages.shareNote}</p>
      </Modal>
    </div>
  );
}
