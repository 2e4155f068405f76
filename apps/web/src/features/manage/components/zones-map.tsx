/**
 * The 'Zonas' tab's map (ADR 055): the location's marker, every zone in its
 * colour, and handles for the selected one — a radius handle east of the
 * circle, or a marker per polygon corner (drag to move, click to select,
 * Delete to remove the selected one) and a small handle at each edge's
 * midpoint (click to add a corner there). The tested address shows as a pin.
 * Leaflet loads with this module alone (the tab imports it lazily); tiles and
 * attribution are the storefront's (`/api/geo/config`). Everything done here
 * can also be done with the fields beside the map.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { Circle, MapContainer, Marker, Polygon, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { type MapTiles, mapTiles } from '../api/zones-api';
import {
  type Corner,
  cornerMidpoints,
  geoEastOf,
  radiusFromHandle,
  type ZoneDraft,
  zoneColour,
} from '../lib/zone-draft';

export interface ZonesMapProps {
  center: { lat: number; lng: number };
  locationName: string;
  zones: ZoneDraft[];
  selectedKey: string | null;
  selectedCorner: number | null;
  pin: { lat: number; lng: number; reached: boolean } | null;
  onSelect: (key: string) => void;
  onSelectCorner: (index: number | null) => void;
  onRadius: (key: string, meters: number) => void;
  onCorners: (key: string, corners: Corner[]) => void;
}

const icon = (className: string, size: number) =>
  L.divIcon({
    className: 'zones-icon',
    html: `<span class="${className}"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });

/** Fits the view to every zone once, when the map first shows. */
function FitOnce({ bounds }: { bounds: L.LatLngBounds | null }) {
  const map = useMap();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitted once; later edits must not move the view under the cursor.
  useEffect(() => {
    if (bounds?.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
  }, [map]);
  return null;
}

function boundsOf(center: { lat: number; lng: number }, zones: ZoneDraft[]): L.LatLngBounds {
  const bounds = L.latLngBounds([[center.lat, center.lng]]);
  for (const zone of zones) {
    if (zone.kind === 'polygon') for (const corner of zone.corners) bounds.extend(corner);
    else bounds.extend(L.latLng(center.lat, center.lng).toBounds(zone.radiusMeters * 2));
  }
  return bounds;
}

export default function ZonesMap(props: ZonesMapProps) {
  const { center, zones, selectedKey, selectedCorner, pin } = props;
  const [tiles, setTiles] = useState<MapTiles | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    mapTiles().then(
      (loaded) => live && setTiles(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const icons = useMemo(
    () => ({
      store: icon('zones-icon__store', 26),
      radius: icon('zones-icon__handle zones-icon__handle--radius', 22),
      corner: icon('zones-icon__handle', 20),
      cornerSelected: icon('zones-icon__handle zones-icon__handle--selected', 24),
      midpoint: icon('zones-icon__midpoint', 14),
      pinIn: icon('zones-icon__pin zones-icon__pin--in', 22),
      pinOut: icon('zones-icon__pin zones-icon__pin--out', 22),
    }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view only.
  const initialBounds = useMemo(() => boundsOf(center, zones), []);

  if (failed)
    return (
      <p className="muted zones-map zones-map--empty">
        No pudimos cargar el mapa. Use los campos de la derecha.
      </p>
    );
  if (!tiles) return <div className="zones-map zones-map--loading" aria-hidden="true" />;
  const selected = zones.find((zone) => zone.key === selectedKey) ?? null;
  const origin: Corner = [center.lat, center.lng];

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (
      (event.key === 'Delete' || event.key === 'Backspace') &&
      selected?.kind === 'polygon' &&
      selectedCorner !== null
    ) {
      if (selected.corners.length <= 3) return;
      event.preventDefault();
      props.onCorners(
        selected.key,
        selected.corners.filter((_, i) => i !== selectedCorner),
      );
      props.onSelectCorner(null);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Delete removes the selected corner; the corner list beside the map does the same with buttons.
    <div className="zones-map" onKeyDown={onKeyDown}>
      <MapContainer center={origin} zoom={14} className="zones-map__canvas" attributionControl zoomControl>
        <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} maxZoom={tiles.maxZoom} />
        <FitOnce bounds={initialBounds} />
        {zones.map((zone, index) => {
          const colour = zoneColour(index);
          const isSelected = zone.key === selectedKey;
          const pathOptions = {
            color: colour,
            weight: isSelected ? 4 : 2,
            fillOpacity: isSelected ? 0.22 : 0.1,
          };
          const select = { click: () => props.onSelect(zone.key) };
          return zone.kind === 'radius' ? (
            <Circle
              key={zone.key}
              center={origin}
              radius={zone.radiusMeters}
              pathOptions={pathOptions}
              eventHandlers={select}
            >
              <Tooltip sticky>{zone.name}</Tooltip>
            </Circle>
          ) : (
            <Polygon key={zone.key} positions={zone.corners} pathOptions={pathOptions} eventHandlers={select}>
              <Tooltip sticky>{zone.name}</Tooltip>
            </Polygon>
          );
        })}
        <Marker position={origin} icon={icons.store} title={props.locationName} keyboard={false} />
        {selected?.kind === 'radius' ? (
          <Marker
            key={`${selected.key}-radius`}
            position={geoEastOf(center, selected.radiusMeters)}
            icon={icons.radius}
            draggable
            title={`Radio de ${selected.name}: arrastre para cambiarlo`}
            eventHandlers={{
              drag: (event) =>
                props.onRadius(
                  selected.key,
                  radiusFromHandle(center, (event.target as L.Marker).getLatLng()),
                ),
              dragend: (event) =>
                props.onRadius(
                  selected.key,
                  radiusFromHandle(center, (event.target as L.Marker).getLatLng()),
                ),
            }}
          />
        ) : null}
        {selected?.kind === 'polygon'
          ? selected.corners.map((corner, i) => {
              const move = (event: L.LeafletEvent) => {
                const { lat, lng } = (event.target as L.Marker).getLatLng();
                const round = (value: number) => Math.round(value * 1e6) / 1e6;
                props.onCorners(
                  selected.key,
                  selected.corners.map((item, j) => (j === i ? [round(lat), round(lng)] : item)),
                );
              };
              return (
                <Marker
                  // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its position in the ring.
                  key={`${selected.key}-corner-${i}`}
                  position={corner}
                  icon={i === selectedCorner ? icons.cornerSelected : icons.corner}
                  draggable
                  title={`Vértice ${i + 1} de ${selected.name}`}
                  eventHandlers={{ drag: move, dragend: move, click: () => props.onSelectCorner(i) }}
                />
              );
            })
          : null}
        {selected?.kind === 'polygon'
          ? cornerMidpoints(selected.corners).map((middle, i) => (
              <Marker
                // biome-ignore lint/suspicious/noArrayIndexKey: a midpoint is the edge after corner i.
                key={`${selected.key}-middle-${i}`}
                position={middle}
                icon={icons.midpoint}
                title="Agregar un vértice aquí"
                keyboard={false}
                eventHandlers={{
                  click: () => {
                    const corners = [...selected.corners];
                    corners.splice(i + 1, 0, [
                      Math.round(middle[0] * 1e6) / 1e6,
                      Math.round(middle[1] * 1e6) / 1e6,
                    ]);
                    props.onCorners(selected.key, corners);
                    props.onSelectCorner(i + 1);
                  },
                }}
              />
            ))
          : null}
        {pin ? (
          <Marker
            position={[pin.lat, pin.lng]}
            icon={pin.reached ? icons.pinIn : icons.pinOut}
            title="Dirección probada"
            keyboard={false}
          />
        ) : null}
      </MapContainer>
    </div>
  );
}
