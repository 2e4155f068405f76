import { followUpMessages, orderErrorMessages } from '@comanda/domain/messages';
import { moneyFormat, moneyToMinor } from '@comanda/domain/money';
import {
  type OrderPaymentState,
  type OrderPaymentStatus,
  type OrderStatus,
  orderPaymentMessage,
  orderPaymentState,
  orderProgressSteps,
} from '@comanda/domain/order-status';
import { trackingStatusLabel } from '@comanda/domain/tracking';
import type { PaymentMethod } from '@comanda/domain/types';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { IconPin } from '../../../components/ui/icons';
import { paymentRedirectStart } from '../../../lib/payment-redirect';
import type { FollowUpOrder, FollowUpPayFlow } from '../api/order';
import { CanceledNotice } from './canceled-notice';
import { ErrorReport } from './error-report';
import { OrderDetail } from './order-detail';
import { PayForm } from './pay-form';
import { SurveyOffer } from './survey-offer';
import '../follow-up.css';

/** (ours) How the follow-up names each kind of order. */
const TYPE_LABELS: Record<FollowUpOrder['type'], string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Retiro en el local',
  DINE_IN: 'Comer en el local',
  SELF_SERVICE: 'Autoservicio',
};

/**
 * The order's payment state now (the payment window ends while the page is
 * open). A card order is stored PROCESSING from the moment it is placed
 * (`paymentStatusOnSend`), before any charge exists, so PROCESSING reads here
 * as "not paid yet", as the payment service reads it: the window still counts,
 * and paying stays possible — the API refuses a second charge while one is in
 * progress (409), so offering it never charges twice.
 */
export function followUpPaymentState(order: FollowUpOrder, now: number): OrderPaymentState {
  // The server's clock decides the window (it refuses a late payment with 409):
  // once it says expired, a browser clock running behind must not offer paying.
  if (order.paymentState === 'EXPIRED' || order.paymentStatus === 'EXPIRED') return 'EXPIRED';
  const stored = ['PAID', 'REJECTED'].includes(order.paymentStatus) ? order.paymentStatus : 'PENDING';
  return orderPaymentState({
    paymentMethod: (order.paymentType?.paymentMethod ?? 'CASH') as PaymentMethod,
    paymentStatus: stored as OrderPaymentStatus,
    status: order.status as OrderStatus,
    orderedAt: Date.parse(order.orderedAt),
    now,
  });
}

/** (ours) How long without live updates before the page says it is reconnecting. */
const OFFLINE_NOTICE_AFTER_MS = 3000;

interface FollowUpPageProps {
  order: FollowUpOrder;
  /** Updates arrive live (the order's room is joined). */
  live: boolean;
  /** Card form, or the provider's redirect (from the payment type's provider); null while unknown. */
  payFlow?: FollowUpPayFlow | null;
  /** `open_follow_up_support=true`: the problem report starts open. */
  supportOpen?: boolean;
  timeZone: string;
  now: number;
  paying: boolean;
  onPaid: (approved: boolean) => void;
  onPayingChange: (paying: boolean) => void;
  onReported: (order: FollowUpOrder) => void;
}

/** Follow-up §2.2: the order's progress, its content and figures, paying and reporting a problem. */
export function FollowUpPage({
  order,
  live,
  payFlow = 'card',
  supportOpen = false,
  timeZone,
  now,
  paying,
  onPaid,
  onPayingChange,
  onReported,
}: FollowUpPageProps) {
  // Said only after a while without live updates: a page that is still
  // connecting on arrival (about 100 ms) must not flash a reconnect notice.
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (live) {
      setOffline(false);
      return;
    }
    const timer = window.setTimeout(() => setOffline(true), OFFLINE_NOTICE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [live]);
  const [payOpen, setPayOpen] = useState(false);
  const [redirectProblem, setRedirectProblem] = useState<string | null>(null);
  // Webpay: start the transaction and leave for the provider; the return brings `token_ws`.
  const redirectPay = async () => {
    setRedirectProblem(null);
    onPayingChange(true);
    try {
      const started = await paymentRedirectStart(order.branchContact.id, order.code);
      window.location.assign(started.redirectUrl);
    } catch (error) {
      const { status, message } = error as { status?: number; message?: string };
      // 409 carries the server's reason (paid, expired, a payment in progress).
      setRedirectProblem(status === 409 && message ? message : orderErrorMessages.paymentStartFailed);
      onPayingChange(false);
    }
  };
  // A payment the provider is still deciding: the spinner stays until an update
  // of the order (live, or the rejoin's refetch) brings its result.
  // The result counts only after the order was seen PROCESSING: a REJECTED left
  // by an earlier attempt must not be read as this attempt's answer.
  const [awaiting, setAwaiting] = useState<false | 'started' | 'seen-processing'>(false);
  useEffect(() => {
    if (!awaiting) return;
    if (order.paymentStatus === 'PROCESSING') {
      if (awaiting === 'started') setAwaiting('seen-processing');
      return;
    }
    if (
      awaiting === 'seen-processing' &&
      (order.paymentStatus === 'PAID' || order.paymentStatus === 'REJECTED')
    ) {
      setAwaiting(false);
      onPaid(order.paymentStatus === 'PAID');
    }
  }, [awaiting, order.paymentStatus, onPaid]);
  const money = (major: number) =>
    moneyFormat(moneyToMinor(major, order.country.mantissaLength), order.country);
  const steps = orderProgressSteps(order.status as OrderStatus);
  const paymentState = followUpPaymentState(order, now);
  const paymentMessage = orderPaymentMessage(paymentState);
  const unpaid = paymentState === 'UNPAID';
  const processing = paying || awaiting !== false;
  const orderedAt = new Date(order.orderedAt);
  const when = (at: Date) => zonedMomentText(at, timeZone, now);

  return (
    <main className="page follow-up" id="contenido" data-live={live}>
      <header className="follow-up__header">
        <p className="eyebrow">{order.branchContact.name}</p>
        <h1>Pedido {order.code}</h1>
        <p className="muted">
          {TYPE_LABELS[order.type]} · {when(orderedAt)}
          {order.scheduled && order.scheduledAt
            ? ` · Programado para ${when(new Date(order.scheduledAt))}`
            : ''}
        </p>
        {offline ? (
          <p className="follow-up__connection muted" role="status">
            Reconectando para recibir novedades…
          </p>
        ) : null}
      </header>

      <section aria-label="Estado del pedido" className="follow-up__section">
        <ol className={`follow-steps${order.status === 'CANCELED' ? ' follow-steps--canceled' : ''}`}>
          {steps.map((step) => (
            <li
              key={step.status}
              className={`follow-steps__step follow-steps__step--${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
              data-status={step.status}
            >
              <span className="follow-steps__dot" aria-hidden="true" />
              <span className="follow-steps__label">{step.label}</span>
            </li>
          ))}
        </ol>
        <p className="visually-hidden" aria-live="polite" data-testid="order-status">
          {steps.find((step) => step.state === 'current')?.label ?? steps.at(-1)?.label}
        </p>
        {order.shipment ? <ShipmentLine shipment={order.shipment} /> : null}
        {/* The one way to the live map: beside where the delivery is (issue 10). */}
        {order.trackingUrl && order.status !== 'CANCELED' ? (
          <Link
            className="button button--bordered follow-track"
            to={order.trackingUrl}
            data-testid="tracking-link"
          >
            <IconPin size={20} />
            Seguir el envío en el mapa
          </Link>
        ) : null}
        <CanceledNotice order={order} money={money} />
      </section>

      <SurveyOffer order={order} />

      {processing ? <Spinner label="Procesando el pago…" /> : null}
      {paymentMessage ? (
        <div className="notice notice--error" role="alert">
          {paymentMessage}
        </div>
      ) : null}

      <OrderDetail order={order} paymentState={paymentState} money={money} />

      {unpaid && payFlow === 'redirect' ? (
        <>
          {redirectProblem ? (
            <div className="notice notice--error" role="alert">
              {redirectProblem}
            </div>
          ) : null}
          <button
            type="button"
            className="button follow-up__pay"
            disabled={processing}
            onClick={() => void redirectPay()}
          >
            {followUpMessages.pay} {money(order.price)}
          </button>
        </>
      ) : unpaid ? (
        payOpen ? (
          <PayForm
            code={order.code}
            timeZone={timeZone}
            onPayingChange={onPayingChange}
            onDone={(result) => {
              if (result === 'PROCESSING') {
                setAwaiting('started');
                return;
              }
              if (result === 'APPROVED') setPayOpen(false);
              onPaid(result === 'APPROVED');
            }}
          />
        ) : (
          <button
            type="button"
            className="button follow-up__pay"
            disabled={payFlow === null}
            onClick={() => setPayOpen(true)}
          >
            {followUpMessages.pay} {money(order.price)}
          </button>
        )
      ) : null}

      <ErrorReport order={order} onReported={onReported} initiallyOpen={supportOpen} />

      <p className="follow-up__support">
        <Link className="link" to={`/soporte?referenceId=${encodeURIComponent(order.code)}`}>
          Ayuda con este pedido
        </Link>
      </p>
    </main>
  );
}

/**
 * The venue's own rider, as the diner follows them: where the delivery is and
 * who brings it. Announced politely: the page hears every move live.
 */
function ShipmentLine({ shipment }: { shipment: NonNullable<FollowUpOrder['shipment']> }) {
  const { label, tone } = trackingStatusLabel(shipment.status);
  return (
    <p
      className={`follow-shipment follow-shipment--${tone}`}
      aria-live="polite"
      data-testid="shipment-status"
    >
      <span className="follow-shipment__status">{label}</span>
      {shipment.riderName && tone !== 'waiting' ? (
        <span className="follow-shipment__rider">Repartidor: {shipment.riderName}</span>
      ) : null}
    </p>
  );
}
