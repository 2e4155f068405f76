import type { MoneyCountry } from '@comanda/domain/money';
import { ORDER_SCHEDULED_LEAD_MINUTES } from '@comanda/domain/order-scheduled-later';
import { useEffect, useState } from 'react';
import type { OrderBoard, OrderSummary } from '../api/console-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { boardCountsAt, boardScheduledLater } from '../lib/board-counts';
import { BOARD_STATES, MODE_LABELS, money, paymentNote, STATUS_LABELS } from '../lib/format';

interface OrderBoardViewProps {
  board: OrderBoard | null;
  country: MoneyCountry | null;
  selected: number | null;
  onSelect: (id: number) => void;
}

/** Re-renders every 30 s: scheduled orders join their column as their time approaches, and 'mañana' turns to today. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The board: one column per state (newest first), and the orders scheduled for
 * later apart, soonest first, out of their column and its count (ADR 049).
 */
export function OrderBoardView({ board, country, selected, onSelect }: OrderBoardViewProps) {
  const now = useNow();
  if (!board) return <p className="muted console-page">Cargando pedidos…</p>;
  const counts = boardCountsAt(board, now);
  const later = board.orders
    .filter((order) => boardScheduledLater(order, now))
    .sort((a, b) => Date.parse(a.scheduledAt ?? '') - Date.parse(b.scheduledAt ?? ''));
  return (
    <section className="console-board" aria-label="Pedidos">
      <div className="console-summary">
        <span
          data-testid="unpaid-card-orders"
          className={board.unpaidCardOrders > 0 ? 'console-badge console-badge--warn' : 'console-badge'}
        >
          Pagos con tarjeta pendientes: {board.unpaidCardOrders}
        </span>
      </div>
      {later.length > 0 ? (
        <section className="console-scheduled" aria-labelledby="console-scheduled-title">
          <h2 id="console-scheduled-title" className="console-column__title">
            Programados <span className="console-count">{counts.scheduled}</span>{' '}
            <span className="muted">
              (se muestran en su columna {ORDER_SCHEDULED_LEAD_MINUTES} min antes)
            </span>
          </h2>
          <ul className="console-cards console-cards--row">
            {later.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                country={country}
                selected={selected}
                onSelect={onSelect}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <div className="console-columns">
        {BOARD_STATES.map(({ state, status, label }) => {
          const orders = board.orders
            .filter((order) => order.status === status && !boardScheduledLater(order, now))
            .sort((a, b) => Date.parse(b.orderedAt) - Date.parse(a.orderedAt));
          return (
            <section
              key={state}
              className={`console-column console-column--${state}`}
              data-state={state}
              aria-labelledby={`col-${state}`}
            >
              <h2 id={`col-${state}`} className="console-column__title">
                {label} <span className="console-count">{counts[state]}</span>
              </h2>
              {orders.length === 0 ? (
                <p className="muted console-empty">Sin pedidos</p>
              ) : (
                <ul className="console-cards">
                  {orders.map((order) => (
                    <OrderCard
                      key={order.id}
                      order={order}
                      country={country}
                      selected={selected}
                      onSelect={onSelect}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}

function OrderCard({
  order,
  country,
  selected,
  onSelect,
}: {
  order: OrderSummary;
  country: MoneyCountry | null;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const moment = useConsoleMoment();
  return (
    <li>
      <button
        type="button"
        className={`console-card${selected === order.id ? ' console-card--selected' : ''}`}
        data-order-code={order.code}
        aria-label={`Pedido ${order.code}, ${STATUS_LABELS[order.status]}`}
        onClick={() => onSelect(order.id)}
      >
        {/* The code on its own line: 12 characters do not share a narrow column with the time. */}
        <strong className="console-card__code">#{order.code}</strong>
        <span className="console-card__top">
          <span>{order.customerName ?? 'Sin nombre'}</span>
          <span className="muted">{moment(order.orderedAt)}</span>
        </span>
        <span className="muted">
          {MODE_LABELS[order.type] ?? order.type}
          {order.table ? ` · Mesa ${order.table}` : ''} · {order.itemsCount} u.
        </span>
        <span className="console-card__top console-card__pay">
          <strong>{money(order.price, country)}</strong>
          <span className={order.paid ? 'console-paid' : 'muted'}>
            {order.paymentType?.showName ?? ''}
            {paymentNote(order.paymentState)}
          </span>
        </span>
        {order.scheduledAt ? (
          <span className="console-badge" data-testid="scheduled-at">
            Programado {moment(order.scheduledAt)}
          </span>
        ) : null}
        {order.reportsCount > 0 ? (
          <span className="console-badge console-badge--error">
            Problemas reportados: {order.reportsCount}
          </span>
        ) : null}
      </button>
    </li>
  );
}
