import { loyaltyOrderFacts } from '@comanda/domain/loyalty-text';
import { orderErrorMessages } from '@comanda/domain/messages';
import { orderStatusCanMove } from '@comanda/domain/order-status';
import { phoneNationalText } from '@comanda/domain/phone';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  consoleOrder,
  consoleOrderMove,
  consolePaymentLink,
  type OrderDetail,
  type OrderStatus,
} from '../api/console-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { MODE_LABELS, MOVE_LABELS, money, PAYMENT_STATE_LABELS, STATUS_LABELS } from '../lib/format';
import { KitchenTicket } from './kitchen-ticket';

type Move = Exclude<OrderStatus, 'GENERATED'>;
const MOVES: readonly Move[] = ['ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'];

interface OrderDetailPanelProps {
  token: string;
  orderId: number;
  /** The latest `order-updated` payload for this order, when one arrived. */
  live: OrderDetail | null;
  onClose: () => void;
  onChanged: () => void;
  onFailure: (error: unknown) => void;
}

/** One order in full, with the moves the state machine allows, the payment link and the kitchen ticket. */
export function OrderDetailPanel({
  token,
  orderId,
  live,
  onClose,
  onChanged,
  onFailure,
}: OrderDetailPanelProps) {
  const toast = useToast();
  const moment = useConsoleMoment();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order !== null;

  useEffect(() => {
    consoleOrder(token, orderId).then(setOrder, onFailure);
  }, [token, orderId, onFailure]);

  // Keyboard and screen-reader users land on the order they opened (on a
  // phone it replaces the board, so focus would otherwise be nowhere).
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  useEffect(() => {
    if (live) setOrder(live);
  }, [live]);

  if (!order) {
    return (
      <aside className="console-detail" aria-label="Detalle del pedido">
        <p className="muted">Cargando pedido…</p>
      </aside>
    );
  }

  const country = order.country;
  const move = async (status: Move, why?: string) => {
    setBusy(true);
    try {
      const result = await consoleOrderMove(token, order.id, status, why);
      setOrder(result.order);
      onChanged();
      toast(`Pedido #${order.code}: ${STATUS_LABELS[status].toLowerCase()}.`, 'success');
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onFailure(error);
      else if (error instanceof ApiError && error.status === 409) {
        toast('El pedido cambió mientras tanto. Se muestra su estado actual.', 'error');
        consoleOrder(token, order.id).then(setOrder, onFailure);
        onChanged();
      } else toast('No se pudo cambiar el estado del pedido. Intente de nuevo.', 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const confirmCancel = async () => {
    if (!reason.trim()) {
      setReasonError('Indique el motivo de la cancelación.');
      return;
    }
    if (await move('CANCELED', reason.trim())) {
      setCanceling(false);
      setReason('');
    }
  };

  const paymentLink = async () => {
    setBusy(true);
    try {
      const answer = await consolePaymentLink(token, order.id);
      setLink(answer.url);
    } catch (error) {
      // 409 carries the server's reason (paid, expired, canceled); anything else is ordering §8's text.
      toast(
        error instanceof ApiError && error.status === 409
          ? error.message
          : orderErrorMessages.paymentLinkFailed,
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  const allowed = MOVES.filter((to) => orderStatusCanMove(order.status, to));
  const forward = allowed.filter((to) => to !== 'CANCELED');
  const destination = order.destination;
  const address = destination
    ? (destination.fullAddress ??
      [destination.street, destination.number, destination.zone].filter(Boolean).join(' '))
    : null;
  const byLink = order.paymentType?.paymentMethod === 'PAYMENT_LINK';

  return (
    <aside className="console-detail" aria-labelledby="console-detail-title" data-order-status={order.status}>
      <div className="console-detail__head">
        <div>
          <h2 id="console-detail-title" ref={heading} tabIndex={-1}>
            Pedido #{order.code}
          </h2>
          <p className="muted">
            {MODE_LABELS[order.type] ?? order.type} · {moment(order.orderedAt)} ·{' '}
            <strong className={`console-status console-status--${order.status.toLowerCase()}`}>
              {STATUS_LABELS[order.status]}
            </strong>
          </p>
        </div>
        <button type="button" className="button button--bordered button--small" onClick={onClose}>
          Cerrar
        </button>
      </div>

      <div className="console-actions">
        {forward.map((to) => (
          <button key={to} type="button" className="button" disabled={busy} onClick={() => void move(to)}>
            {MOVE_LABELS[to]}
          </button>
        ))}
        {allowed.includes('CANCELED') ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => setCanceling(true)}
          >
            {MOVE_LABELS.CANCELED}
          </button>
        ) : null}
        <button type="button" className="button button--bordered" onClick={() => window.print()}>
          Imprimir comanda
        </button>
      </div>

      {order.scheduledAt ? (
        <p className="console-notice">Programado para {moment(order.scheduledAt)}</p>
      ) : null}
      {order.cancelReason ? (
        <p className="console-notice">Motivo de cancelación: {order.cancelReason}</p>
      ) : null}
      {/* (ours) Where a link brought the order from: its source, and its campaign (ordering §2 entry). */}
      {order.campaignId || (order.acquisitionChannel && order.acquisitionChannel !== 'DIRECT') ? (
        <p className="muted">
          {[
            order.acquisitionChannel && order.acquisitionChannel !== 'DIRECT'
              ? `Origen: ${order.acquisitionChannel}`
              : null,
            order.campaignId ? `Campaña: ${order.campaignId}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}

      <h3>Productos</h3>
      <ul className="console-items">
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never reorder
          <li key={index}>
            <div className="console-items__line">
              <span>
                {item.quantity} × {item.name}
              </span>
              <span>{money(item.accPrice, country)}</span>
            </div>
            {item.extras.map((extra) => (
              <div key={extra.groupId} className="muted console-items__extra">
                {extra.groupName}:{' '}
                {extra.groupItems
                  .map((g) => (g.quantity > 1 ? `${g.quantity} × ${g.name}` : g.name))
                  .join(', ')}
              </div>
            ))}
            {item.notes ? <div className="console-items__note">Nota: {item.notes}</div> : null}
          </li>
        ))}
      </ul>

      <dl className="console-amounts">
        <dt>Subtotal</dt>
        <dd>{money(order.itemsPrice, country)}</dd>
        {order.surcharges.map((entry) => (
          <FragmentRow key={`s-${entry.name}`} label={entry.name} value={money(entry.amount, country)} />
        ))}
        {order.discounts.map((entry) => (
          <FragmentRow key={`d-${entry.name}`} label={entry.name} value={money(-entry.amount, country)} />
        ))}
        {order.deliveryFee ? <FragmentRow label="Envío" value={money(order.deliveryFee, country)} /> : null}
        {order.userServiceFee ? (
          <FragmentRow label="Costo de servicio" value={money(order.userServiceFee, country)} />
        ) : null}
        <dt className="console-amounts__total">Total</dt>
        <dd className="console-amounts__total">{money(order.price, country)}</dd>
        {country
          ? loyaltyOrderFacts(order.loyalty, order.status === 'CANCELED', country).map((fact) => (
              <FragmentRow key={fact.label} label={fact.label} value={fact.value} />
            ))
          : null}
      </dl>

      <h3>Cliente</h3>
      <dl className="console-facts">
        <dt>Nombre</dt>
        <dd>{order.customerName ?? '—'}</dd>
        <dt>Teléfono</dt>
        <dd>
          {order.phone ? <a href={`tel:${order.phone}`}>{phoneNationalText(order.phone)}</a> : '—'}
          {order.customerWhatsAppUrl ? (
            <>
              {' '}
              <a href={order.customerWhatsAppUrl} target="_blank" rel="noreferrer">
                Escribir por WhatsApp
              </a>
            </>
          ) : null}
        </dd>
        {address ? (
          <>
            <dt>Dirección</dt>
            <dd>
              {address}
              {destination?.details ? ` (${destination.details})` : ''}
              {order.destinationMapsUrl ? (
                <>
                  {' '}
                  <a href={order.destinationMapsUrl} target="_blank" rel="noreferrer">
                    Ver en el mapa
                  </a>
                </>
              ) : null}
            </dd>
            {destination?.betweenStreets ? (
              <>
                <dt>Entrecalles</dt>
                <dd>{destination.betweenStreets}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {order.table ? (
          <>
            <dt>Mesa</dt>
            <dd>{order.table}</dd>
          </>
        ) : null}
        <dt>Pago</dt>
        <dd>
          {order.paymentType?.showName ?? '—'} ·{' '}
          <strong className={order.paid ? 'console-paid' : undefined}>
            {order.paid ? 'Pagado' : (PAYMENT_STATE_LABELS[order.paymentState] ?? 'Pendiente')}
          </strong>
          {order.paysWith ? ` · Paga con ${money(order.paysWith, country)}` : ''}
        </dd>
        {order.notes ? (
          <>
            <dt>Notas</dt>
            <dd>{order.notes}</dd>
          </>
        ) : null}
      </dl>

      {byLink && !order.paid && order.status !== 'CANCELED' ? (
        <div className="console-paylink">
          <button type="button" className="button button--bordered" disabled={busy} onClick={paymentLink}>
            Generar link de pago
          </button>
          {link ? (
            <a href={link} target="_blank" rel="noreferrer" className="console-paylink__url">
              {link}
            </a>
          ) : null}
        </div>
      ) : null}

      {order.reports.length > 0 ? (
        <>
          <h3>Problemas reportados</h3>
          <ul className="console-reports">
            {order.reports.map((report) => (
              <li key={report.id}>
                <strong>{report.label}</strong> · {moment(report.createdAt)}
                {report.details ? <div>{report.details}</div> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {order.statusEvents.length > 0 ? (
        <>
          <h3>Historial</h3>
          <ul className="console-history">
            {order.statusEvents.map((event) => (
              <li key={`${event.toStatus}-${event.createdAt}`}>
                {moment(event.createdAt)} · {STATUS_LABELS[event.toStatus as OrderStatus] ?? event.toStatus}
                {event.staffName ? ` · ${event.staffName}` : ''}
                {event.reason ? ` · ${event.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <KitchenTicket order={order} />

      <Modal
        open={canceling}
        title={`Cancelar el pedido #${order.code}`}
        onClose={() => {
          setCanceling(false);
          setReasonError(null);
        }}
        footer={
          <>
            <button type="button" className="button button--bordered" onClick={() => setCanceling(false)}>
              Volver
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void confirmCancel()}
            >
              Confirmar cancelación
            </button>
          </>
        }
      >
        <label className="console-field">
          <span>Motivo (se informa al cliente)</span>
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
            aria-describedby={reasonError ? 'cancel-reason-error' : undefined}
          />
        </label>
        {reasonError ? (
          <p id="cancel-reason-error" className="console-error" role="alert">
            {reasonError}
          </p>
        ) : null}
      </Modal>
    </aside>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
