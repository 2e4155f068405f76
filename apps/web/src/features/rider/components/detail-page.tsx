import { shipmentMessages } from '@comanda/domain/messages';
import {
  type ShipmentAction,
  type ShipmentStatus,
  shipmentCancelPlan,
  shipmentNextAction,
  shipmentStackSelect,
} from '@comanda/domain/shipment';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import type { RiderTarget, RiderUpdateBody } from '../api/rider-api';
import { useOutboxSettled } from '../hooks/use-outbox-settled';
import { type RiderIdentity, useRiderIdentity } from '../hooks/use-rider-identity';
import { useRiderLive } from '../hooks/use-rider-live';
import { useRiderOutbox } from '../hooks/use-rider-outbox';
import { useRiderTarget } from '../hooks/use-rider-target';
import { riderVibrate } from '../lib/device';
import {
  type OutboxDraft,
  type OutboxOutcome,
  outboxDismiss,
  outboxOfView,
  outboxSubmit,
} from '../lib/outbox';
import { useRiderPositionReport } from '../lib/position';
import {
  targetCurrentShipment,
  targetInProgress,
  targetToDomain,
  targetWithPending,
  targetWonByOther,
} from '../lib/target';
import { riderTexts, STATUS_LABELS, STATUS_TOASTS } from '../lib/texts';
import { riderDetailPath, riderListPath } from '../paths';
import type { RiderLocation } from '../types';
import { OutboxNotices, RefreshButton } from './rider-common';
import { ShipmentInfo } from './shipment-info';
import { SlideToConfirm } from './slide-to-confirm';
import { RiderDetailHeader } from './stack-header';

type Ready = Extract<RiderIdentity, { status: 'ready' }>;

/** `/logistics/{alias}/shipments/{simple|stack}/{id}`: one shipment or multi-delivery (follow-up §2.6, §4.3–§4.5). */
export function RiderDetailPage({
  location,
  kind,
  id,
}: {
  location: RiderLocation;
  kind: 'simple' | 'stack';
  id: number;
}) {
  const identity = useRiderIdentity(location);
  if (identity.status === 'loading') return <Spinner label="Cargando el envío…" />;
  return <Detail location={location} kind={kind} id={id} identity={identity} />;
}

function Detail({
  location,
  kind,
  id,
  identity,
}: {
  location: RiderLocation;
  kind: 'simple' | 'stack';
  id: number;
  identity: Ready;
}) {
  const toast = useToast();
  const codeId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const { token } = identity.session;
  const rider = identity.rider;
  const { load, refetch, answered } = useRiderTarget(token, location.branchContactId, kind, id);
  const outbox = useRiderOutbox(token, rider.id);
  const here = outboxOfView(outbox, { kind, id });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const view = load.status === 'success' ? targetWithPending(load.target, here, rider) : null;
  const inProgress = view ? targetInProgress(view, rider.id) : false;
  useRiderPositionReport(token, inProgress);

  // A shipment of a multi-delivery moves with its stack: its page is the stack's.
  const navigate = useNavigate();
  const stackOfShipment = view?.kind === 'simple' ? view.shipment.stackId : null;
  useEffect(() => {
    if (stackOfShipment !== null)
      navigate(riderDetailPath(location.alias, 'stack', stackOfShipment), { replace: true });
  }, [stackOfShipment, navigate, location.alias]);

  const live = useRiderLive(location.branchContactId, token, (event) => {
    if (!event || !view) return refetch();
    const concerns =
      (event.kind === kind && event.id === id) ||
      (view.kind === 'stack' && view.stack.shipments.some((shipment) => shipment.id === event.id)) ||
      (view.kind === 'simple' && event.kind === 'stack' && view.shipment.stackId === event.id);
    if (concerns) refetch();
  });
  useOutboxSettled(rider.id, (item) => item.view.kind === kind && item.view.id === id, refetch, answered);

  // What the page says once a move is done: the new status and the next step, for screen readers.
  const statusLine = view ? describe(view) : '';
  const previousLine = useRef('');
  useEffect(() => {
    if (previousLine.current && statusLine && statusLine !== previousLine.current)
      setAnnouncement(statusLine);
    previousLine.current = statusLine;
  }, [statusLine]);

  if (load.status === 'loading') return <Spinner label="Cargando el envío…" />;
  if (load.status === 'failed' || !view)
    return (
      <div className="rider-page rider-page--center" role="alert">
        <p>{load.status === 'failed' ? load.message : shipmentMessages.fetchFailed}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={refetch}>
            Reintentar
          </button>
          <Link className="button button--bordered" to={riderListPath(location.alias)}>
            {shipmentMessages.seeShipments}
          </Link>
        </div>
      </div>
    );

  const domain = targetToDomain(view);
  const wonByOther = targetWonByOther(view, rider.id);
  const holder = view.kind === 'simple' ? view.shipment : view.stack;
  const mine = holder.riderId === rider.id;
  const action =
    wonByOther || (!mine && holder.status !== 'LOOKING_FOR_DRIVER') ? null : shipmentNextAction(domain);
  const current = targetCurrentShipment(view);
  // Over for this rider: a way back to the list replaces the actions.
  const done = mine && !wonByOther && !action;
  const needsCode = action?.nextStatus === 'DELIVERED' && action.scope === 'SHIPMENT';
  const plan = mine && !wonByOther ? shipmentCancelPlan(domain, String(rider.id)) : null;
  const cancelOffered =
    plan !== null &&
    (view.kind === 'stack' && plan.scope === 'STACK' ? view.stack.canCancel : (current?.canCancel ?? false));
  const stack = view.kind === 'stack' ? view.stack : null;
  const selectable = Boolean(stack && mine && !wonByOther && holder.status !== 'LOOKING_FOR_DRIVER');
  const riderFields = { rider_phone: rider.phone, rider_name: rider.name, rider_id: rider.id };

  const draft = (
    endpoint: 'simple' | 'stack',
    targetId: number,
    body: Omit<RiderUpdateBody, 'id' | 'rider_phone' | 'rider_name' | 'rider_id'>,
    label: string,
  ): OutboxDraft => ({
    kind: endpoint,
    targetId,
    body: { id: targetId, ...body, ...riderFields },
    view: { kind, id },
    label,
  });

  /** Sends the drafts one after the other and tells the rider how it went. */
  const submit = async (drafts: OutboxDraft[], status: ShipmentStatus) => {
    setBusy(true);
    let outcome: (OutboxOutcome & { key: string }) | null = null;
    try {
      for (const each of drafts) {
        outcome = await outboxSubmit(token, each);
        if (outcome.result !== 'sent') break;
      }
    } finally {
      setBusy(false);
    }
    if (!outcome) return;
    if (outcome.result === 'sent') {
      toast(STATUS_TOASTS[status] ?? STATUS_LABELS[status], 'success');
      riderVibrate('success');
      setCode('');
      setCodeError(null);
      refetch();
      return;
    }
    if (outcome.result === 'queued') {
      toast(`${riderTexts.pending}: ${drafts[0]?.label ?? ''}. ${riderTexts.pendingNote}`, 'info');
      setAnnouncement(`${riderTexts.pending}. ${riderTexts.pendingNote}`);
      setCode('');
      return;
    }
    // Refused now, with the rider looking: the toast says it; nothing to keep.
    outboxDismiss(outcome.key);
    const { error } = outcome;
    const takenByOther =
      error.status === 409 && (error.body as { code?: unknown } | null)?.code === 'EXPIRED_BY_OTHER';
    riderVibrate('failure');
    if (takenByOther) toast(riderTexts.takenByOther, 'error');
    else if (status === 'DELIVERED' && (error.status === 400 || error.status === 429)) {
      const message = error.fields.securityCode ?? error.message;
      setCodeError(message);
      toast(message, 'error');
      codeInput.current?.focus();
    } else toast(shipmentMessages.updateFailed, 'error');
    refetch();
  };

  const runAction = (next: ShipmentAction) => {
    if (busy) return;
    if (needsCode && !/^\d{4}$/.test(code)) {
      setCodeError(riderTexts.deliveryCodeMissing);
      riderVibrate('failure');
      codeInput.current?.focus();
      return;
    }
    const drafts =
      next.scope === 'STACK'
        ? next.targetIds.map((target) =>
            draft('stack', Number(target), { status: next.nextStatus }, next.label),
          )
        : next.targetIds.map((target) =>
            draft(
              'simple',
              Number(target),
              { status: next.nextStatus, ...(needsCode ? { securityCode: code } : {}) },
              next.label,
            ),
          );
    void submit(drafts, next.nextStatus);
  };

  const cancel = () => {
    setConfirmingCancel(false);
    if (!plan) return;
    const endpoint = plan.scope === 'STACK' ? 'stack' : 'simple';
    void submit(
      plan.targetIds.map((target) =>
        draft(endpoint, Number(target), { status: 'DRIVER_CANCELED' }, plan.label),
      ),
      'DRIVER_CANCELED',
    );
  };

  const select = (shipmentId: number) => {
    if (domain.kind !== 'stack' || !stack) return;
    const { toast: message } = shipmentStackSelect(domain.stack, String(shipmentId));
    if (!message) return;
    toast(message, 'info');
    riderVibrate('success');
    void outboxSubmit(token, draft('stack', stack.id, { selectedShipmentId: shipmentId }, message)).then(
      (outcome) => {
        if (outcome.result !== 'refused') return;
        outboxDismiss(outcome.key);
        toast(shipmentMessages.updateFailed, 'error');
        refetch();
      },
    );
  };

  return (
    <div className="rider-page rider-detail">
      <div className="rider-toolbar">
        {inProgress || done || wonByOther ? null : (
          <Link className="button button--bordered button--small" to={riderListPath(location.alias)}>
            {shipmentMessages.seeShipments}
          </Link>
        )}
        <span className="rider-toolbar__spacer" />
        {live ? <span className="rider-live">{riderTexts.live}</span> : null}
        <RefreshButton onClick={refetch} />
      </div>

      <RiderDetailHeader
        riderName={rider.name}
        stack={stack}
        currentId={current?.id ?? null}
        selectable={selectable}
        onSelect={select}
      />

      <OutboxNotices items={here} />

      {wonByOther ? (
        <div className="rider-expired" role="alert">
          <p className="rider-expired__label">{riderTexts.takenByOther}</p>
          <Link className="button" to={riderListPath(location.alias)}>
            {shipmentMessages.seeShipments}
          </Link>
        </div>
      ) : (
        <>
          {current ? <ShipmentInfo shipment={current} viewerRiderId={rider.id} location={location} /> : null}
          {needsCode ? (
            <div className="rider-field rider-code">
              <label htmlFor={codeId}>{riderTexts.deliveryCode}</label>
              <input
                ref={codeInput}
                id={codeId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={code}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={`${codeId}-hint${codeError ? ` ${codeId}-error` : ''}`}
                onChange={(event) => {
                  setCode(event.target.value.replace(/\D/g, ''));
                  setCodeError(null);
                }}
              />
              <span id={`${codeId}-hint`} className="rider-field__hint">
                {riderTexts.deliveryCodeHint}
              </span>
              {codeError ? (
                <p id={`${codeId}-error`} className="field-error" role="alert">
                  {codeError}
                </p>
              ) : null}
            </div>
          ) : null}
          {action ? (
            <SlideToConfirm label={action.label} disabled={busy} onConfirm={() => runAction(action)} />
          ) : done ? (
            <div className="rider-done" role="status">
              <p>{riderTexts.done(holder.status)}</p>
              <Link className="button" to={riderListPath(location.alias)}>
                {shipmentMessages.seeShipments}
              </Link>
            </div>
          ) : null}
          {cancelOffered && plan ? (
            <button
              type="button"
              className="button rider-cancel"
              disabled={busy}
              onClick={() => {
                riderVibrate('failure');
                setConfirmingCancel(true);
              }}
            >
              {plan.label}
            </button>
          ) : null}
        </>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ConfirmDialog
        open={confirmingCancel}
        title={plan?.confirm ?? shipmentMessages.cancelConfirm}
        confirmLabel={riderTexts.cancelConfirm}
        cancelLabel={riderTexts.cancelKeep}
        onConfirm={cancel}
        onCancel={() => setConfirmingCancel(false)}
      />
    </div>
  );
}

/** 'Estado: En el local. Siguiente: En camino al cliente (K7QX).' */
function describe(view: RiderTarget): string {
  const status = view.kind === 'simple' ? view.shipment.status : view.stack.status;
  const next = shipmentNextAction(targetToDomain(view));
  return `Estado: ${STATUS_LABELS[status]}.${next ? ` Siguiente: ${next.label}.` : ''}`;
}
