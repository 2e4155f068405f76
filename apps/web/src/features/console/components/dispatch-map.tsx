/**
 * The dispatch view's map: the location and the last position of each rider
 * on shift (the API gives positions of the staff member's own location's
 * approved riders only). Leaflet and react-leaflet load with this module
 * alone: the view imports it lazily, so neither reaches any other chunk.
 * Tiles and attribution come from the API's map settings (OpenStreetMap by
 * default). The riders' list beside it is its text alternative.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { type GeoConfig, geoConfig } from '../../address/api/geo';
import type { DispatchRider } from '../api/dispatch-api';

interface DispatchMapProps {
  location: { name: string; lat: number | null; lng: number | null };
  riders: DispatchRider[];
}

type Point = [number, number];

const storeIcon = () =>
  L.divIcon({
    className: 'dispatch-marker',
    html: '<span class="dispatch-marker__store" aria-hidden="true"></span>',
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });

// One icon per look: a new icon object on every render would rebuild the marker's element each time.
const riderIcons = new Map<string, L.DivIcon>();
const riderIcon = (initials: string, busy: boolean) => {
  const key = `${initials}|${busy}`;
  let icon = riderIcons.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: 'dispatch-marker',
      html: `<span class="dispatch-marker__rider${busy ? ' dispatch-marker__rider--busy' : ''}" aria-hidden="true">${initials}</span>`,
      iconSize: [32, 32],
      iconAnchor: [16, 16],
    });
    riderIcons.set(key, icon);
  }
  return icon;
};

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
    .replace(/[^A-ZÁÉÍÓÚÑ]/g, '');
}

/** Fits the view to every point when the set of riders on the map changes (not on each move). */
function FitOnChange({ points, signature }: { points: Point[]; signature: string }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when who is on the map changes.
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0] as Point, Math.max(map.getZoom(), 14));
    else map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 15 });
  }, [signature, map]);
  return null;
}

export default function DispatchMap({ location, riders }: DispatchMapProps) {
  const [config, setConfig] = useState<GeoConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    geoConfig().then(
      (loaded) => live && setConfig(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const placed = riders.filter((rider) => rider.position);
  const store: Point | null =
    location.lat !== null && location.lng !== null ? [location.lat, location.lng] : null;
  const points: Point[] = [
    ...(store ? [store] : []),
    ...placed.map((rider) => [rider.position?.lat ?? 0, rider.position?.lng ?? 0] as Point),
  ];
  const signature = placed.map((rider) => rider.id).join(',');
  const icons = useMemo(() => ({ store: storeIcon() }), []);

  if (failed) return <p className="muted dispatch-map dispatch-map--empty">No pudimos cargar el mapa.</p>;
  if (!config) return <div className="dispatch-map dispatch-map--loading" aria-hidden="true" />;
  const center = points[0] ?? ([config.defaultCenter.lat, config.defaultCenter.lng] as Point);
  return (
    <section className="dispatch-map" aria-label="Mapa de repartidores">
      <MapContainer
        center={center}
        zoom={points.length > 0 ? 14 : config.defaultZoom}
        className="dispatch-map__canvas"
        attributionControl
        zoomControl
      >
        <TileLayer url={config.tileUrl} attribution={config.attribution} maxZoom={config.maxZoom} />
        {store ? (
          <Marker position={store} icon={icons.store} title={location.name} keyboard={false}>
            <Tooltip direction="top" offset={[0, -14]}>
              {location.name}
            </Tooltip>
          </Marker>
        ) : null}
        {placed.map((rider) => (
          <Marker
            key={rider.id}
            position={[rider.position?.lat ?? 0, rider.position?.lng ?? 0]}
            icon={riderIcon(initialsOf(rider.name), rider.current !== null)}
            title={rider.name}
            keyboard={false}
          >
            <Tooltip direction="top" offset={[0, -16]} permanent>
              {rider.name}
            </Tooltip>
          </Marker>
        ))}
        <FitOnChange points={points} signature={signature} />
      </MapContainer>
    </section>
  );
}
