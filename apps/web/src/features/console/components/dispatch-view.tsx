import { dispatchPositionNewest, dispatchRiderGroup, dispatchRiderOfferable } from '@comanda/domain/dispatch';
import type { MoneyCountry } from '@comanda/domain/money';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  type DispatchFeed,
  type DispatchItem,
  type DispatchRider,
  type DispatchView as DispatchViewData,
  dispatchCancel,
  dispatchDelivered,
  dispatchGet,
  dispatchOffer,
  dispatchRiderApproval,
  dispatchStackCreate,
  dispatchStackDissolve,
} from '../api/dispatch-api';
import '../dispatch.css';
import { type DispatchAction, DispatchItemCard } from './dispatch-item';
import { DispatchRiders } from './dispatch-riders';

// Leaflet is only for this map: its own chunk, fetched when the view shows.
const DispatchMap = lazy(() => import('./dispatch-map'));

interface DispatchViewProps {
  token: string;
  branchContactId: number;
  country: MoneyCountry | null;
  feed: DispatchFeed;
  onFailure: (error: unknown) => void;
}

const LOAD_FAILED = 'No pudimos cargar el reparto. Revise la conexión; se reintenta solo.';
const ACTION_FAILED = 'No se pudo completar la acción. Intente de nuevo.';
/** A safety net beside the live events, and what keeps "hace N min" current. */
const REFRESH_MS = 30_000;

/** The view, read again whenever the socket says something changed (one read at a time, none lost). */
function useDispatchView(
  token: string,
  branchContactId: number,
  feed: DispatchFeed,
  onFailure: (e: unknown) => void,
) {
  const [view, setView] = useState<DispatchViewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const running = useRef(false);
  const again = useRef(false);

  const load = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const next = await dispatchGet(token, branchContactId);
        setView((current) => {
          const live = new Map(current?.riders.map((rider) => [rider.id, rider.position]) ?? []);
          return {
            ...next,
            riders: next.riders.map((rider) => ({
              ...rider,
              position: dispatchPositionNewest(rider.position, live.get(rider.id) ?? null, rider),
            })),
          };
        });
        setNow(Date.now());
        setError(null);
      } while (again.current);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onFailure(failure);
      else setError(LOAD_FAILED);
    } finally {
      running.current = false;
    }
  }, [token, branchContactId, onFailure]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  useEffect(
    () =>
      feed.subscribe((event) => {
        if (event.type !== 'rider-position') {
          void load();
          return;
        }
        const { riderId, lat, lng, at, accuracy } = event.payload;
        setNow(Date.now());
        setView((current) =>
          current
            ? {
                ...current,
                riders: current.riders.map((rider) =>
                  rider.id === riderId && rider.approved && rider.active
                    ? { ...rider, position: { lat, lng, at, accuracy: accuracy ?? null } }
                    : rider,
                ),
              }
            : current,
        );
      }),
    [feed, load],
  );

  return { view, error, now, reload: load };
}

type Dialog =
  | { type: 'offer'; kind: 'simple' | 'stack'; id: number; label: string }
  | { type: 'cancel'; kind: 'simple' | 'stack'; id: number; label: string }
  | { type: 'delivered'; id: number; label: string }
  | { type: 'disapprove'; rider: DispatchRider };

function itemKey(item: DispatchItem): string {
  return item.kind === 'simple' ? `s${item.shipment.id}` : `k${item.stack.id}`;
}

/**
 * 'Reparto': the location's own-fleet shipments in three columns (waiting for
 * a rider, in progress, finished today), its riders and their positions on a
 * map. Waiting shipments are grouped into a stack, offered to a rider on shift
 * or to all; held ones are cancelled (a fresh one waits in their place) or
 * confirmed delivered without the customer's code; riders who registered
 * themselves are approved here.
 */
export default function DispatchView({
  token,
  branchContactId,
  country,
  feed,
  onFailure,
}: DispatchViewProps) {
  const toast = useToast();
  const { view, error, now, reload } = useDispatchView(token, branchContactId, feed, onFailure);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [offerTo, setOfferTo] = useState<string>('all');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  // A picked shipment that left the waiting column (taken, grouped elsewhere) is no longer picked.
  const waitingSimple = new Set(
    (view?.waiting ?? []).flatMap((item) => (item.kind === 'simple' ? [item.shipment.id] : [])),
  );
  const pickedLive = picked.filter((id) => waitingSimple.has(id));

  const run = async (call: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      toast(done, 'success');
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onFailure(failure);
      else if (failure instanceof ApiError && [400, 404, 409, 422].includes(failure.status))
        toast(Object.values(failure.fields)[0] ?? failure.message, 'error');
      else toast(ACTION_FAILED, 'error');
      return false;
    } finally {
      setBusy(false);
      void reload();
    }
  };

  const closeDialog = () => {
    setDialog(null);
    setReason('');
    setReasonError(null);
    setOfferTo('all');
  };

  const onAction = (action: DispatchAction) => {
    if (action.type === 'dissolve') {
      void run(() => dispatchStackDissolve(token, action.id), 'La multientrega se desagrupó.');
      return;
    }
    setDialog(action);
  };

  const group = async () => {
    if (await run(() => dispatchStackCreate(token, branchContactId, pickedLive), 'Se agruparon los envíos.'))
      setPicked([]);
  };

  const confirmDialog = async () => {
    if (!dialog) return;
    if (dialog.type === 'offer') {
      const riderId = offerTo === 'all' ? null : Number(offerTo);
      const name = view?.riders.find((rider) => rider.id === riderId)?.name;
      const ok = await run(
        () => dispatchOffer(token, { kind: dialog.kind, id: dialog.id }, riderId),
        name ? `Se ofreció a ${name}.` : 'Quedó abierto a todos los repartidores.',
      );
      if (ok) closeDialog();
    } else if (dialog.type === 'cancel') {
      if (!reason.trim()) {
        setReasonError('Indique el motivo de la cancelación.');
        return;
      }
      const ok = await run(
        () => dispatchCancel(token, { kind: dialog.kind, id: dialog.id }, reason.trim()),
        'Se canceló; el pedido vuelve a buscar repartidor.',
      );
      if (ok) closeDialog();
    } else if (dialog.type === 'delivered') {
      const ok = await run(() => dispatchDelivered(token, dialog.id), 'Entrega confirmada.');
      if (ok) closeDialog();
    } else {
      const { rider } = dialog;
      const ok = await run(
        () => dispatchRiderApproval(token, rider.id, false),
        rider.approved ? `${rider.name} ya no puede tomar envíos.` : `Se rechazó a ${rider.name}.`,
      );
      if (ok) closeDialog();
    }
  };

  if (!view) {
    return error ? (
      <p className="console-error console-page" role="alert">
        {error}
      </p>
    ) : (
      <p className="muted console-page">Cargando reparto…</p>
    );
  }

  const offerable = view.riders.filter(dispatchRiderOfferable);
  const pending = view.riders.filter((rider) => dispatchRiderGroup(rider) === 'pending').length;
  const ridersById = new Map(view.riders.map((rider) => [rider.id, rider]));
  const columns = [
    { id: 'waiting', title: 'Esperando repartidor', items: view.waiting, empty: 'Ningún envío esperando.' },
    { id: 'in-progress', title: 'En curso', items: view.inProgress, empty: 'Ningún envío en curso.' },
    { id: 'finished', title: 'Terminados hoy', items: view.finishedToday, empty: 'Todavía ninguno hoy.' },
  ] as const;

  return (
    <main className="dispatch" aria-label="Reparto">
      {error ? (
        <p className="console-error dispatch-banner" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dispatch-toolbar">
        <button
          type="button"
          className="button button--small"
          disabled={busy || pickedLive.length < 2}
          onClick={() => void group()}
        >
          Agrupar en multientrega{pickedLive.length > 0 ? ` (${pickedLive.length})` : ''}
        </button>
        <span className="muted">
          {pickedLive.length < 2 ? 'Marque dos o más envíos que esperan para agruparlos.' : ''}
        </span>
        {pending > 0 ? (
          // On a phone the riders come after the columns: this says someone is waiting, and goes there.
          <a
            className="console-badge console-badge--warn dispatch-pending-link"
            href="#dispatch-pending-title"
          >
            {pending === 1 ? '1 repartidor por aprobar' : `${pending} repartidores por aprobar`}
          </a>
        ) : null}
      </div>
      <div className="dispatch-layout">
        <div className="dispatch-columns">
          {columns.map((column) => (
            <section
              key={column.id}
              className={`console-column dispatch-column dispatch-column--${column.id}`}
              aria-labelledby={`dispatch-${column.id}`}
            >
              <h2 id={`dispatch-${column.id}`} className="console-column__title">
                {column.title} <span className="console-count">{column.items.length}</span>
              </h2>
              {column.items.length === 0 ? (
                <p className="muted console-empty">{column.empty}</p>
              ) : (
                <ul className="dispatch-cards">
                  {column.items.map((item) => (
                    <DispatchItemCard
                      key={itemKey(item)}
                      item={item}
                      riders={ridersById}
                      country={country}
                      now={now}
                      busy={busy}
                      selectable={column.id === 'waiting' && item.kind === 'simple'}
                      selected={item.kind === 'simple' && pickedLive.includes(item.shipment.id)}
                      onSelect={(id, on) =>
                        setPicked((list) => (on ? [...list, id] : list.filter((other) => other !== id)))
                      }
                      onAction={onAction}
                    />
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
        <aside className="dispatch-side">
          <Suspense fallback={<div className="dispatch-map dispatch-map--loading" aria-hidden="true" />}>
            <DispatchMap location={view.location} riders={view.riders} />
          </Suspense>
          <DispatchRiders
            riders={view.riders}
            now={now}
            busy={busy}
            onApprove={(rider) =>
              void run(
                () => dispatchRiderApproval(token, rider.id, true),
                `${rider.name} ya puede tomar envíos.`,
              )
            }
            onDisapprove={(rider) => setDialog({ type: 'disapprove', rider })}
          />
        </aside>
      </div>

      <Modal
        open={dialog?.type === 'offer'}
        title={dialog?.type === 'offer' ? `Ofrecer ${dialog.label}` : ''}
        onClose={closeDialog}
        footer={
          <>
            <button type="button" className="button button--bordered" onClick={closeDialog}>
              Volver
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void confirmDialog()}>
              Ofrecer
            </button>
          </>
        }
      >
        <fieldset className="dispatch-offer">
          <legend>¿A quién?</legend>
          <label className="console-switch">
            <input
              type="radio"
              name="offer-to"
              value="all"
              checked={offerTo === 'all'}
              onChange={() => setOfferTo('all')}
            />
            <span>Abierto a todos los repartidores en turno</span>
          </label>
          {offerable.map((rider) => (
            <label key={rider.id} className="console-switch">
              <input
                type="radio"
                name="offer-to"
                value={rider.id}
                checked={offerTo === String(rider.id)}
                onChange={() => setOfferTo(String(rider.id))}
              />
              <span>
                {rider.name}{' '}
                <span className="muted">{rider.current ? `· lleva ${rider.current.code}` : '· libre'}</span>
              </span>
            </label>
          ))}
          {offerable.length === 0 ? <p className="muted">No hay repartidores aprobados en turno.</p> : null}
        </fieldset>
      </Modal>

      <Modal
        open={dialog?.type === 'cancel'}
        title={dialog?.type === 'cancel' ? `Cancelar ${dialog.label}` : ''}
        onClose={closeDialog}
        footer={
          <>
            <button type="button" className="button button--bordered" onClick={closeDialog}>
              Volver
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void confirmDialog()}
            >
              Confirmar cancelación
            </button>
          </>
        }
      >
        <p>El repartidor lo deja y el pedido vuelve a buscar repartidor.</p>
        <label className="console-field">
          <span>Motivo</span>
          <textarea
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'dispatch-reason-error' : undefined}
          />
        </label>
        {reasonError ? (
          <p id="dispatch-reason-error" className="console-error" role="alert">
            {reasonError}
          </p>
        ) : null}
      </Modal>

      <ConfirmDialog
        open={dialog?.type === 'delivered'}
        title={dialog?.type === 'delivered' ? `Confirmar entrega de ${dialog.label}` : ''}
        question="Se marca como entregado sin la clave del cliente. Queda registrado con su usuario."
        confirmLabel="Confirmar entrega"
        cancelLabel="Volver"
        onConfirm={() => void confirmDialog()}
        onCancel={closeDialog}
      />

      <ConfirmDialog
        open={dialog?.type === 'disapprove'}
        title={
          dialog?.type === 'disapprove'
            ? dialog.rider.approved
              ? `Quitar la aprobación a ${dialog.rider.name}`
              : `Rechazar a ${dialog.rider.name}`
            : ''
        }
        question="Su turno termina ahora y no podrá ver ni tomar envíos hasta que lo apruebe. Los envíos que le ofreció quedan abiertos a todos."
        confirmLabel={
          dialog?.type === 'disapprove' && !dialog.rider.approved ? 'Rechazar' : 'Quitar aprobación'
        }
        cancelLabel="Volver"
        onConfirm={() => void confirmDialog()}
        onCancel={closeDialog}
      />
    </main>
  );
}
