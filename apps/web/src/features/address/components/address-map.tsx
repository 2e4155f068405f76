/**
 * The address modal's map: Leaflet with the tile URL the API configures
 * (`/api/geo/config`), loaded only with this module (the modal imports it
 * lazily). The map is an aid, never the only way: every position it gives can
 * also be typed in the modal's fields, which are its text alternative.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useId, useRef, useState } from 'react';
import { type GeoConfig, geoConfig } from '../api/geo';

export interface LatLng {
  lat: number;
  lng: number;
}

interface AddressMapProps {
  /** The marker; null shows the default view (zoom 5 on Buenos Aires) with no marker. */
  point: LatLng | null;
  /** The marker can be dragged, and a click on the map moves it. */
  movable: boolean;
  onMove?: (point: LatLng) => void;
  /** What the map is for, read by screen readers. */
  label: string;
}

// A pin drawn in CSS with the theme's colours (no image to load, follows the branch's main colour).
const markerIcon = () =>
  L.divIcon({
    className: 'address-map__marker',
    html: '<span class="address-map__pin"></span>',
    iconSize: [30, 42],
    iconAnchor: [15, 42],
  });

export default function AddressMap({ point, movable, onMove, label }: AddressMapProps) {
  const hintId = useId();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
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

  // The map itself, once the settings are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial view only; later points move the marker below.
  useEffect(() => {
    const element = container.current;
    if (!config || !element) return;
    const created = L.map(element, {
      center: point ?? config.defaultCenter,
      zoom: point ? config.addressZoom : config.defaultZoom,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(created);
    L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: config.maxZoom }).addTo(created);
    created.attributionControl.setPrefix(false);
    map.current = created;
    // The dialog may still be animating its size in: measure again once it settles.
    const resize = window.setTimeout(() => created.invalidateSize(), 250);
    return () => {
      window.clearTimeout(resize);
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [config]);

  // The marker follows `point`; the view follows the marker.
  const lat = point?.lat;
  const lng = point?.lng;
  const movableRef = useRef(movable);
  movableRef.current = movable;
  useEffect(() => {
    const current = map.current;
    if (!current || !config) return;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = { lat, lng };
    if (!marker.current) {
      marker.current = L.marker(at, {
        icon: markerIcon(),
        keyboard: false,
        title: 'Tu ubicación',
        draggable: movableRef.current,
      }).addTo(current);
      marker.current.on('dragend', () => {
        const moved = marker.current?.getLatLng();
        if (moved) onMoveRef.current?.({ lat: moved.lat, lng: moved.lng });
      });
    } else {
      marker.current.setLatLng(at);
    }
    current.setView(at, Math.max(current.getZoom(), config.addressZoom));
  }, [lat, lng, config]);

  // Movable: the marker drags and a click on the map moves it.
  useEffect(() => {
    const current = map.current;
    if (!current || !config) return;
    if (movable) marker.current?.dragging?.enable();
    else marker.current?.dragging?.disable();
    if (!movable) return;
    const onClick = (event: L.LeafletMouseEvent) =>
      onMoveRef.current?.({ lat: event.latlng.lat, lng: event.latlng.lng });
    current.on('click', onClick);
    return () => {
      current.off('click', onClick);
    };
  }, [movable, config]);

  return (
    <div className="address-map">
      <div
        ref={container}
        className="address-map__canvas"
        role="application"
        aria-label={label}
        aria-describedby={hintId}
      />
      <p id={hintId} className="address-map__hint">
        {failed
          ? 'No pudimos cargar el mapa. Completa los campos de tu dirección.'
          : movable
            ? 'Toca el mapa o arrastra el marcador hasta tu puerta. También puedes escribir tu dirección en los campos.'
            : point
              ? 'El marcador muestra la dirección elegida.'
              : 'El mapa mostrará la dirección que elijas.'}
      </p>
    </div>
  );
}
