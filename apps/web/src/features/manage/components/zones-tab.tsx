/**
 * 'Zonas' (ADR 055): the OWNER draws and edits a location's delivery zones on
 * a map (or with the fields beside it), tries a test address against the
 * draft, and saves them all at once through the tenant import's rules.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type ZonesCheckResult, type ZonesView, zonesCheck, zonesGet, zonesPut } from '../api/zones-api';
import {
  type ZoneDraft,
  zoneColour,
  zoneDraftNew,
  zoneDraftOf,
  zoneDraftsToTenant,
  zoneServerFields,
} from '../lib/zone-draft';
import type { ManageTabProps } from './manage-tabs';
import { ZoneCheck } from './zone-check';
import { ZoneEditor } from './zone-editor';
import '../zones.css';

const ZonesMap = lazy(() => import('./zones-map'));

/** Where the map centres when the location has no coordinates yet (the storefront's default: the Obelisco). */
const FALLBACK_CENTER = { lat: -34.603722, lng: -58.381592 };

type Notice = { tone: 'ok' | 'error'; text: string } | null;

export default function ZonesTab({ token, location, onFailure }: ManageTabProps) {
  const [view, setView] = useState<ZonesView | null>(null);
  const [drafts, setDrafts] = useState<ZoneDraft[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [selectedCorner, setSelectedCorner] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [newKind, setNewKind] = useState<ZoneDraft['kind']>('radius');
  const [check, setCheck] = useState<ZonesCheckResult | null>(null);

  /** Shows zones as stored, keeping the zone at `keepIndex` selected (after a save). */
  const show = useCallback((loaded: ZonesView, keepIndex = 0) => {
    setView(loaded);
    const next = loaded.zones.map((zone) => zoneDraftOf(zone, loaded.country));
    setDrafts(next);
    setSelectedKey(next[keepIndex]?.key ?? next[0]?.key ?? null);
    setSelectedCorner(null);
    setFields({});
    setDirty(false);
    setConflict(false);
  }, []);
  useEffect(() => {
    zonesGet(token, location.id).then((loaded) => show(loaded), onFailure);
  }, [token, location.id, show, onFailure]);

  // Leaving the page with unsaved zones asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!view) return <p className="muted">Cargando zonas…</p>;
  const country = view.country;
  const hasCoordinates = view.location.lat !== null && view.location.lng !== null;
  const center = hasCoordinates
    ? { lat: view.location.lat ?? 0, lng: view.location.lng ?? 0 }
    : FALLBACK_CENTER;
  const selectedIndex = drafts.findIndex((zone) => zone.key === selectedKey);
  const selected = drafts[selectedIndex] ?? null;

  const edit = (next: ZoneDraft[]) => {
    setDrafts(next);
    setDirty(true);
    setNotice(null);
    setCheck(null);
  };
  const update = (zone: ZoneDraft) => edit(drafts.map((item) => (item.key === zone.key ? zone : item)));
  const add = () => {
    const zone = zoneDraftNew(hasCoordinates ? newKind : 'polygon', center, drafts.length);
    edit([...drafts, zone]);
    setSelectedKey(zone.key);
    setSelectedCorner(null);
  };
  const removeZone = (zone: ZoneDraft) => {
    if (!window.confirm(`¿Quitar la zona ${zone.name}? Se guarda al pulsar 'Guardar zonas'.`)) return;
    const next = drafts.filter((item) => item.key !== zone.key);
    edit(next);
    setSelectedKey(next[0]?.key ?? null);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    const [zone] = next.splice(index, 1);
    if (!zone) return;
    next.splice(index + by, 0, zone);
    edit(next);
  };

  /** The draft in the tenant format, or the local problems shown at their fields (and thrown). */
  const tenantZones = () => {
    const converted = zoneDraftsToTenant(drafts, country);
    if (!converted.ok) {
      setFields(converted.fields);
      const first = Number(/^\[(\d+)\]/.exec(Object.keys(converted.fields)[0] ?? '')?.[1]);
      if (drafts[first]) setSelectedKey(drafts[first].key);
      throw new Error('Revise los datos marcados en las zonas');
    }
    setFields({});
    return converted.zones;
  };

  const runCheck = async (address: string) => {
    const zones = tenantZones();
    try {
      const result = await zonesCheck(token, location.id, { address, zones });
      setCheck(result);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && !('address' in error.fields)) {
        const body = (error.body as { fields?: Record<string, string> } | null)?.fields ?? {};
        setFields(
          zoneServerFields(
            Object.fromEntries(Object.entries(body).map(([key, text]) => [key.replace(/^zones/, ''), text])),
          ),
        );
      }
      if (error instanceof ApiError && error.status === 401) onFailure(error);
      throw error;
    }
  };

  const save = async () => {
    let zones: ReturnType<typeof tenantZones>;
    try {
      zones = tenantZones();
    } catch (error) {
      setNotice({ tone: 'error', text: (error as Error).message });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const saved = await zonesPut(token, location.id, { zones, version: view.version });
      show(saved, Math.max(0, selectedIndex));
      setNotice({
        tone: 'ok',
        text: saved.changed
          ? 'Zonas guardadas. Los clientes ya ven los cambios.'
          : 'No había cambios para guardar.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        setNotice({ tone: 'error', text: 'Otra persona cambió las zonas mientras usted las editaba.' });
      } else if (error instanceof ApiError && error.status === 400) {
        setFields(zoneServerFields((error.body as { fields?: Record<string, string> } | null)?.fields ?? {}));
        setNotice({ tone: 'error', text: 'Revise los datos marcados en las zonas' });
      } else if (error instanceof ApiError && error.status === 401) {
        onFailure(error);
      } else {
        setNotice({
          tone: 'error',
          text: 'No pudimos guardar. Revise la conexión e intente de nuevo: sus cambios siguen aquí.',
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const reloadCurrent = () => zonesGet(token, location.id).then((loaded) => show(loaded), onFailure);
  const zoneHasError = (index: number) => Object.keys(fields).some((key) => key.startsWith(`[${index}]`));

  return (
    <section className="zones" aria-labelledby="zones-title">
      <div className="zones__head">
        <h2 id="zones-title">Zonas de entrega</h2>
        <p className="muted">Si un punto está en varias zonas, vale la primera de la lista.</p>
      </div>
      {hasCoordinates ? null : (
        <p className="console-notice">
          Este local no tiene coordenadas cargadas: solo puede usar zonas por polígono.
        </p>
      )}
      <div className="zones__layout">
        <Suspense fallback={<div className="zones-map zones-map--loading" aria-hidden="true" />}>
          <ZonesMap
            center={center}
            locationName={view.location.name}
            zones={drafts}
            selectedKey={selectedKey}
            selectedCorner={selectedCorner}
            pin={check ? { ...check.point, reached: check.reached } : null}
            onSelect={(key) => {
              setSelectedKey(key);
              setSelectedCorner(null);
            }}
            onSelectCorner={setSelectedCorner}
            onRadius={(key, radiusMeters) => {
              const zone = drafts.find((item) => item.key === key);
              if (zone && zone.radiusMeters !== radiusMeters) update({ ...zone, radiusMeters });
            }}
            onCorners={(key, corners) => {
              const zone = drafts.find((item) => item.key === key);
              if (zone) update({ ...zone, corners });
            }}
          />
        </Suspense>
        <div className="zones__side">
          <ol className="zones-list" aria-label="Zonas">
            {drafts.map((zone, index) => (
              <li
                key={zone.key}
                className={`zones-list__item${zone.key === selectedKey ? ' zones-list__item--selected' : ''}`}
              >
                <button
                  type="button"
                  className="zones-list__pick"
                  aria-pressed={zone.key === selectedKey}
                  onClick={() => {
                    setSelectedKey(zone.key);
                    setSelectedCorner(null);
                  }}
                >
                  <span
                    className="zones-list__swatch"
                    style={{ background: zoneColour(index) }}
                    aria-hidden="true"
                  />
                  <span className="zones-list__name">{zone.name || 'Sin nombre'}</span>
                  <span className="muted zones-list__kind">
                    {zone.kind === 'radius'
                      ? `radio ${zone.radiusMeters.toLocaleString('es-AR')} m`
                      : `polígono, ${zone.corners.length} vértices`}
                  </span>
                  {zoneHasError(index) ? <span className="console-error"> · revisar</span> : null}
                </button>
                <span className="zones-list__actions">
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Subir ${zone.name}`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Bajar ${zone.name}`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--bordered button--small"
                    onClick={() => removeZone(zone)}
                    aria-label={`Quitar ${zone.name}`}
                  >
                    Quitar
                  </button>
                </span>
              </li>
            ))}
          </ol>
          {drafts.length === 0 ? (
            <p className="muted">Este local no tiene zonas: no hace envíos a ninguna dirección.</p>
          ) : null}
          <fieldset className="zones-new">
            <legend className="visually-hidden">Nueva zona</legend>
            <label className="zones-new__kind">
              <input
                type="radio"
                name="zones-new-kind"
                checked={newKind === 'radius'}
                disabled={!hasCoordinates}
                onChange={() => setNewKind('radius')}
              />
              Radio
            </label>
            <label className="zones-new__kind">
              <input
                type="radio"
                name="zones-new-kind"
                checked={newKind === 'polygon' || !hasCoordinates}
                onChange={() => setNewKind('polygon')}
              />
              Polígono
            </label>
            <button type="button" className="button button--bordered button--small" onClick={add}>
              Nueva zona
            </button>
          </fieldset>
          {selected ? (
            <ZoneEditor
              key={selected.key}
              zone={selected}
              index={selectedIndex}
              country={country}
              fields={fields}
              selectedCorner={selectedCorner}
              onChange={update}
              onSelectCorner={setSelectedCorner}
            />
          ) : null}
          <ZoneCheck onCheck={runCheck} result={check} />
          <div className="zones__save">
            <button type="button" className="button" onClick={save} disabled={saving}>
              {saving ? 'Guardando…' : 'Guardar zonas'}
            </button>
            {dirty ? <span className="muted">Hay cambios sin guardar</span> : null}
          </div>
          <div aria-live="polite">
            {notice ? (
              <p className={notice.tone === 'ok' ? 'zones__saved' : 'console-error'}>{notice.text}</p>
            ) : null}
            {conflict ? (
              <button type="button" className="button button--bordered button--small" onClick={reloadCurrent}>
                Cargar las zonas actuales (se descartan sus cambios)
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
