/**
 * The tracking page's full-screen map (follow-up §2.8, §4.7): Leaflet with the
 * tiles the API configures (`/api/geo/config`, MAP_TILE_URL), no zoom
 * controls, markers for the rider, the branch and the destination. Loaded only
 * with this module (the page imports it lazily): Leaflet never reaches the
 * page's first load. The overlay is the map's text alternative: every marker's
 * meaning is also written there.
 */
import {
  TRACKING_GLIDE_MS,
  TRACKING_INITIAL_ZOOM,
  TRACKING_MARKER_SIZE,
  type TrackingMarker,
  trackingGlidePosition,
  trackingMapCenter,
} from '@comanda/domain/tracking';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { type TrackingMapConfig, trackingMapConfig } from '../api/tracking';

export interface TrackingMapProps {
  markers: TrackingMarker[];
  /** Accessible names of the markers ('Repartidor: Lucas Romero'…). */
  names: Record<TrackingMarker['type'], string>;
  /** The rider's last position is old: the marker is drawn as not live. */
  riderStale: boolean;
  /** Room the overlay covers, in pixels, so fitting keeps the markers clear of it. */
  overlayInset: { top: number; right: number; bottom: number; left: number };
}

/** (decision) Closest zoom a fit goes to: a street with its corners, never a single house. */
const FIT_MAX_ZOOM = 16;
const MARKER_SIZE = TRACKING_MARKER_SIZE;

const GLYPHS: Record<TrackingMarker['type'], string> = {
  // A scooter, a shop front and a house, drawn with the current colour.
  rider: '<path d="M5 18a2 2 0 1 0 0-.01M19 18a2 2 0 1 0 0-.01M7 18h8l3-6h-4l-2-4H9M14 12l-3 6"/>',
  branch: '<path d="M4 10h16l-1.5-5h-13zM5 10v9h14v-9M10 19v-5h4v5"/>',
  destination: '<path d="M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-5h4v5"/>',
};

function markerIcon(type: TrackingMarker['type'], name: string, stale: boolean): L.DivIcon {
  const escaped = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return L.divIcon({
    className: `tracking-marker tracking-marker--${type}${stale ? ' tracking-marker--stale' : ''}`,
    html:
      `<span class="tracking-marker__badge" role="img" aria-label="${escaped}">` +
      `<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${GLYPHS[type]}</svg></span>`,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
  });
}

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The view for these markers: the widest zoom that shows them all around the
 * §4.7 centre (the rider when known), then that centre with its latitude
 * offset, placed in the middle of the part of the map the panel leaves
 * visible. Around the rider, each marker's mirror image is fitted too, so the
 * far side stays on screen once the rider is the centre.
 */
function viewFor(
  map: L.Map,
  markers: TrackingMarker[],
  inset: TrackingMapProps['overlayInset'],
): { center: L.LatLngExpression; zoom: number } | null {
  if (markers.length === 0) return null;
  const rider = markers.find((marker) => marker.type === 'rider')?.position;
  const points = markers.flatMap(({ position }) =>
    rider ? [position, { lat: 2 * rider.lat - position.lat, lng: 2 * rider.lng - position.lng }] : [position],
  );
  const zoom =
    points.length === 1
      ? FIT_MAX_ZOOM - 1
      : Math.min(
          FIT_MAX_ZOOM,
          map.getBoundsZoom(
            L.latLngBounds(points.map((point) => [point.lat, point.lng])),
            false,
            L.point(inset.left + inset.right + 2 * MARKER_SIZE, inset.top + inset.bottom + 2 * MARKER_SIZE),
          ),
        );
  const center = trackingMapCenter(markers, zoom);
  if (!center) return null;
  // The centre belongs in the middle of what the panel leaves visible, not under the panel.
  const shift = L.point((inset.right - inset.left) / 2, (inset.bottom - inset.top) / 2);
  return { center: map.unproject(map.project(center, zoom).add(shift), zoom), zoom };
}

export default function TrackingMap({ markers, names, riderStale, overlayInset }: TrackingMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<Partial<Record<TrackingMarker['type'], L.Marker>>>({});
  const iconKeys = useRef<Partial<Record<TrackingMarker['type'], string>>>({});
  const glide = useRef(0);
  // The view follows the markers until the diner moves the map themselves.
  const follow = useRef(true);
  const [config, setConfig] = useState<TrackingMapConfig | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    trackingMapConfig().then(
      (loaded) => live && setConfig(loaded),
      (error: unknown) => {
        console.error('map settings failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // The map itself, once the settings are known: §9 initial zoom 5, no zoom controls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view only; the markers fit it below.
  useEffect(() => {
    const element = container.current;
    if (!config || !element) return;
    const created = L.map(element, {
      center: trackingMapCenter(markers, TRACKING_INITIAL_ZOOM) ?? config.defaultCenter,
      zoom: TRACKING_INITIAL_ZOOM,
      zoomControl: false,
    });
    // Tiles in the next frame: the map's first task stays short on a slow phone.
    const tiles = window.requestAnimationFrame(() =>
      L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: config.maxZoom }).addTo(
        created,
      ),
    );
    created.attributionControl.setPrefix(false);
    const stopFollowing = () => {
      follow.current = false;
    };
    created.on('dragstart', stopFollowing);
    created.getContainer().addEventListener('wheel', stopFollowing, { passive: true });
    created.getContainer().addEventListener(
      'touchstart',
      (event) => {
        if (event.touches.length > 1) stopFollowing();
      },
      { passive: true },
    );
    created.on('dblclick', stopFollowing);
    map.current = created;
    return () => {
      window.cancelAnimationFrame(tiles);
      window.cancelAnimationFrame(glide.current);
      created.remove();
      map.current = null;
      layers.current = {};
      iconKeys.current = {};
    };
  }, [config]);

  // The markers: added, renamed, restyled or removed as the tracking changes; the rider glides.
  const signature = markers.map((marker) => marker.type).join(',');
  const riderAt = markers.find((marker) => marker.type === 'rider')?.position;
  const riderLat = riderAt?.lat;
  const riderLng = riderAt?.lng;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `config` creates the map the markers go on.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    for (const type of ['rider', 'branch', 'destination'] as const) {
      const marker = markers.find((candidate) => candidate.type === type);
      const layer = layers.current[type];
      if (!marker) {
        layer?.remove();
        delete layers.current[type];
        delete iconKeys.current[type];
        continue;
      }
      const stale = type === 'rider' && riderStale;
      // A new icon rebuilds the marker's element: only when its name or look changes.
      const iconKey = `${names[type]}|${stale}`;
      const icon = iconKeys.current[type] === iconKey ? null : markerIcon(type, names[type], stale);
      iconKeys.current[type] = iconKey;
      if (!layer) {
        layers.current[type] = L.marker(marker.position, {
          icon: icon ?? markerIcon(type, names[type], stale),
          keyboard: false,
          interactive: false,
          zIndexOffset: type === 'rider' ? 1000 : 0,
        }).addTo(current);
        continue;
      }
      if (icon) layer.setIcon(icon);
      if (type !== 'rider') layer.setLatLng(marker.position);
    }
  }, [markers, names, riderStale, config]);

  // The rider moves over about a second from where it is drawn (no jump; none with reduced motion).
  useEffect(() => {
    const layer = layers.current.rider;
    if (!layer || riderLat === undefined || riderLng === undefined) return;
    const from = layer.getLatLng();
    const to = { lat: riderLat, lng: riderLng };
    const duration = reducedMotion() ? 0 : TRACKING_GLIDE_MS;
    const started = performance.now();
    window.cancelAnimationFrame(glide.current);
    const step = (time: number) => {
      const point = trackingGlidePosition({ lat: from.lat, lng: from.lng }, to, time - started, duration);
      layer.setLatLng(point);
      if (point.lat !== to.lat || point.lng !== to.lng) glide.current = window.requestAnimationFrame(step);
    };
    glide.current = window.requestAnimationFrame(step);
    return () => window.cancelAnimationFrame(glide.current);
  }, [riderLat, riderLng]);

  // The view fits the markers (§4.7 centre) when the map opens and as they move, until the diner
  // pans or zooms: from then on the map is theirs.
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the markers' places and the panel's size decide the view.
  useEffect(() => {
    const current = map.current;
    if (!current || (!follow.current && fitted.current)) return;
    const view = viewFor(current, markers, overlayInset);
    if (!view) return;
    current.setView(view.center, view.zoom, { animate: fitted.current && !reducedMotion() });
    fitted.current = true;
  }, [signature, riderLat, riderLng, config, overlayInset.bottom, overlayInset.left]);

  if (failed)
    return (
      <div className="tracking-map tracking-map--failed">
        <p>No pudimos cargar el mapa.</p>
      </div>
    );
  return (
    <section className="tracking-map" aria-label="Mapa del envío">
      <div ref={container} className="tracking-map__canvas" data-testid="tracking-map" />
    </section>
  );
}
