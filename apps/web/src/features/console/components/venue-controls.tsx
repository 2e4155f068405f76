import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  consoleClosingSet,
  consoleOrderingSet,
  type VenueControls as VenueControlsData,
} from '../api/console-api';
import { MODE_LABELS } from '../lib/format';

interface VenueControlsProps {
  token: string;
  contact: VenueControlsData;
  onChange: (contact: VenueControlsData) => void;
  onFailure: (error: unknown) => void;
  /** Further settings and figures of the location, below its controls. */
  children?: ReactNode;
}

/** Manual closing of the location and ordering on/off per order mode; the storefront follows. */
export function VenueControls({ token, contact, onChange, onFailure, children }: VenueControlsProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  // The value a switch was just moved to, shown while the server saves it
  // (a controlled checkbox that ignores the click until then looks broken).
  const [pending, setPending] = useState<Record<number, boolean>>({});

  const run = async (call: () => Promise<{ branchContact: VenueControlsData }>, done: string) => {
    setBusy(true);
    try {
      onChange((await call()).branchContact);
      toast(done, 'success');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onFailure(error);
      else toast('No se pudo guardar el cambio. Intente de nuevo.', 'error');
    } finally {
      setBusy(false);
    }
  };

  const setClosing = (manualClosing: boolean) =>
    run(
      () => consoleClosingSet(token, contact.id, manualClosing),
      manualClosing ? 'El local quedó cerrado.' : 'El local volvió a abrir.',
    );

  return (
    <main className="console-page console-venue">
      <section className="console-panel">
        <h2>Local</h2>
        <p>
          Estado:{' '}
          <strong data-testid="venue-state">
            {contact.manualClosing ? 'Cerrado manualmente' : 'Abierto (según horarios)'}
          </strong>
        </p>
        <p className="muted">
          Con el local cerrado, la tienda online lo muestra cerrado y no recibe pedidos.
        </p>
        {contact.manualClosing ? (
          <button type="button" className="button" disabled={busy} onClick={() => void setClosing(false)}>
            Abrir el local
          </button>
        ) : (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => setConfirmClose(true)}
          >
            Cerrar el local
          </button>
        )}
      </section>
      <section className="console-panel">
        <h2>Pedidos por modo de pedido</h2>
        <p className="muted">Sin pedidos, la tienda muestra “Menú informativo. Pedidos deshabilitados.”</p>
        <ul className="console-modes">
          {contact.orderModes.map((mode) => (
            <li key={mode.id}>
              <label className="console-switch">
                <input
                  type="checkbox"
                  checked={pending[mode.id] ?? mode.orderEnabled}
                  disabled={busy || !mode.active}
                  onChange={(event) => {
                    const enabled = event.target.checked;
                    setPending((all) => ({ ...all, [mode.id]: enabled }));
                    void run(
                      () => consoleOrderingSet(token, mode.id, enabled),
                      enabled
                        ? `${mode.showName}: pedidos habilitados.`
                        : `${mode.showName}: pedidos deshabilitados.`,
                    ).finally(() => setPending(({ [mode.id]: _saved, ...others }) => others));
                  }}
                />
                <span>
                  {mode.showName}
                  {/* The kind of mode, when its name does not already say it. */}
                  {(MODE_LABELS[mode.type] ?? mode.type) !== mode.showName ? (
                    <span className="muted"> ({MODE_LABELS[mode.type] ?? mode.type})</span>
                  ) : null}
                  {!mode.active ? <span className="muted"> · inactiva</span> : null}
                  <span className="muted">
                    {' '}
                    · {(pending[mode.id] ?? mode.orderEnabled) ? 'recibe pedidos' : 'solo menú informativo'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      {children}
      <ConfirmDialog
        open={confirmClose}
        title="Cerrar el local"
        question="La tienda online mostrará el local cerrado hasta que lo vuelva a abrir. ¿Desea continuar?"
        confirmLabel="Cerrar el local"
        cancelLabel="Volver"
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void setClosing(true);
        }}
      />
    </main>
  );
}
