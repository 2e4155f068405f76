import { shipmentMessages } from '@comanda/domain/messages';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  type RiderShipment,
  type RiderStack,
  type RiderTarget,
  riderInProgress,
  riderShipmentsWaiting,
  riderStacksWaiting,
} from '../api/rider-api';
import { useOutboxSettled } from '../hooks/use-outbox-settled';
import { type RiderIdentity, useRiderIdentity } from '../hooks/use-rider-identity';
import { useRiderLive } from '../hooks/use-rider-live';
import { useRiderOutbox } from '../hooks/use-rider-outbox';
import { riderMoney } from '../lib/format';
import { useRiderPositionReport } from '../lib/position';
import { riderPendingSet, riderSessionSet } from '../lib/session';
import { shipmentPaidInCash } from '../lib/target';
import { riderTexts, STATUS_LABELS } from '../lib/texts';
import { riderDetailPath, riderNotFoundPath, riderShiftPath } from '../paths';
import type { RiderLocation } from '../types';
import { OutboxNotices, RefreshButton } from './rider-common';

type Ready = Extract<RiderIdentity, { status: 'ready' }>;

interface ListData {
  shipments: RiderShipment[];
  stacks: RiderStack[];
  inProgress: RiderTarget | null;
}

/** (decision) Realtime events arriving together (a stack of five changes) cause one read. */
const LIVE_READ_DELAY_MS = 300;

/** `/logistics/{alias}/shipments`: the shipments and multi-deliveries waiting for a rider ('Envíos', §2.5). */
export function RiderListPage({ location }: { location: RiderLocation }) {
  const identity = useRiderIdentity(location);
  if (identity.status === 'loading') return <Spinner label="Cargando los envíos…" />;
  return <List location={location} identity={identity} />;
}

function List({ location, identity }: { location: RiderLocation; identity: Ready }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { token } = identity.session;
  const { rider } = identity;
  const { branchContactId, alias } = location;
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'success'; data: ListData }
  >({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(() => {
    const request = ++latest.current;
    Promise.all([
      riderShipmentsWaiting(token, branchContactId, Date.now()),
      riderStacksWaiting(token),
      riderInProgress(token),
    ]).then(
      ([shipments, stacks, inProgress]) => {
        if (request === latest.current)
          setState({ status: 'success', data: { shipments, stacks, inProgress } });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        if (error instanceof ApiError && error.status === 403) {
          toast(shipmentMessages.noPermission, 'error');
          navigate(riderNotFoundPath(shipmentMessages.noPermission), { replace: true });
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          riderSessionSet(branchContactId, null);
          navigate(riderNotFoundPath(shipmentMessages.accessDenied), { replace: true });
          return;
        }
        toast(shipmentMessages.listFailed, 'error');
        setState((previous) => (previous.status === 'success' ? previous : { status: 'error' }));
      },
    );
  }, [token, branchContactId, navigate, toast]);

  useEffect(() => load(), [load]);

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const live = useRiderLive(branchContactId, token, () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(load, LIVE_READ_DELAY_MS);
  });
  const outbox = useRiderOutbox(token, rider.id);
  useOutboxSettled(rider.id, () => true, load);
  const data = state.status === 'success' ? state.data : null;
  useRiderPositionReport(token, Boolean(data?.inProgress));

  const endShift = () =>
    riderPendingSet(branchContactId, {
      phone: rider.phone,
      riderId: rider.id,
      name: rider.name,
      active: true,
    });

  const now = Date.now();
  const inProgress = data?.inProgress ?? null;

  return (
    <div className="rider-page rider-list" aria-busy={state.status === 'loading'}>
      <div className="rider-toolbar">
        <h1 className="rider-toolbar__title">{shipmentMessages.listTitle}</h1>
        <span className="rider-toolbar__spacer" />
        {live ? <span className="rider-live">{riderTexts.live}</span> : null}
        <RefreshButton onClick={load} />
      </div>
      <p className="rider-list__rider">
        <span>
          <span className="muted">{riderTexts.rider}</span> <strong>{rider.name}</strong>
        </span>
        <Link className="link" to={riderShiftPath(alias, 'logOut')} onClick={endShift}>
          {riderTexts.endShift}
        </Link>
      </p>

      <OutboxNotices items={outbox} />

      {inProgress ? (
        <Link
          className="rider-card rider-in-progress"
          to={riderDetailPath(
            alias,
            inProgress.kind,
            inProgress.kind === 'simple' ? inProgress.shipment.id : inProgress.stack.id,
          )}
        >
          <span className="rider-in-progress__title">{riderTexts.inProgress}</span>
          <span>
            {inProgress.kind === 'simple'
              ? `${inProgress.shipment.code} · ${STATUS_LABELS[inProgress.shipment.status]}`
              : `${riderTexts.multiDelivery(inProgress.stack.shipments.length)} · ${STATUS_LABELS[inProgress.stack.status]}`}
          </span>
          <span className="rider-in-progress__go">{riderTexts.seeInProgress} →</span>
        </Link>
      ) : null}

      {state.status === 'loading' ? <Spinner label="Cargando los envíos…" /> : null}
      {state.status === 'error' ? (
        <div className="rider-notice rider-notice--error" role="alert">
          <p>{shipmentMessages.listFailed}</p>
          <button type="button" className="button button--small" onClick={load}>
            Reintentar
          </button>
        </div>
      ) : null}
      {data ? (
        data.shipments.length === 0 && data.stacks.length === 0 ? (
          <p className="rider-empty">{riderTexts.emptyList}</p>
        ) : (
          <>
            {data.stacks.length > 0 ? (
              <section aria-labelledby="rider-stacks">
                <h2 id="rider-stacks" className="rider-section-title">
                  {riderTexts.stacksTitle}
                </h2>
                <ul className="rider-cards">
                  {data.stacks.map((stack) => (
                    <li key={`stack-${stack.id}`}>
                      <StackCard stack={stack} location={location} now={now} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {data.shipments.length > 0 ? (
              <section aria-labelledby="rider-simple">
                <h2 id="rider-simple" className="rider-section-title">
                  {riderTexts.shipmentsTitle}
                </h2>
                <ul className="rider-cards">
                  {data.shipments.map((shipment) => (
                    <li key={`simple-${shipment.id}`}>
                      <ShipmentCard shipment={shipment} location={location} now={now} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )
      ) : null}
    </div>
  );
}

function place(shipment: RiderShipment): string {
  const destination = shipment.destination;
  return [destination?.zone, destination?.locality].filter(Boolean).join(', ');
}

function cashLine(shipments: RiderShipment[], location: RiderLocation): string | null {
  const cash = shipments.filter(shipmentPaidInCash);
  if (cash.length === 0) return null;
  const total = cash.reduce((sum, shipment) => sum + shipment.order.total, 0);
  return `${riderTexts.collect}: ${riderMoney(total, location.country)}`;
}

function ShipmentCard({
  shipment,
  location,
  now,
}: {
  shipment: RiderShipment;
  location: RiderLocation;
  now: number;
}) {
  const cash = cashLine([shipment], location);
  return (
    <Link
      className="rider-card rider-list-card"
      to={riderDetailPath(location.alias, 'simple', shipment.id)}
      data-shipment-code={shipment.code}
    >
      <span className="rider-list-card__top">
        <span className="rider-list-card__code">{shipment.code}</span>
        <span className="muted">{zonedMomentText(shipment.createdAt, location.timeZone, now)}</span>
      </span>
      {place(shipment) ? <span className="rider-list-card__place">{place(shipment)}</span> : null}
      <span className="rider-list-card__meta">
        {cash ?? riderTexts.alreadyPaid}
        {shipment.returnShipment ? ` · ${riderTexts.returnShipment}` : ''}
      </span>
    </Link>
  );
}

function StackCard({ stack, location, now }: { stack: RiderStack; location: RiderLocation; now: number }) {
  const cash = cashLine(stack.shipments, location);
  return (
    <Link
      className="rider-card rider-list-card rider-list-card--stack"
      to={riderDetailPath(location.alias, 'stack', stack.id)}
      data-stack-id={stack.id}
    >
      <span className="rider-list-card__top">
        <span className="rider-list-card__code">{riderTexts.multiDelivery(stack.shipments.length)}</span>
        <span className="muted">{zonedMomentText(stack.createdAt, location.timeZone, now)}</span>
      </span>
      <span className="rider-list-card__codes">
        {stack.shipments.map((shipment) => shipment.code).join(' · ')}
      </span>
      <span className="rider-list-card__place">{[...new Set(stack.shipments.map(place))].join(' · ')}</span>
      {cash ? <span className="rider-list-card__meta">{cash}</span> : null}
    </Link>
  );
}
