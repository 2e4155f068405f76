import { followUpMessages, orderRepeatMessages, sessionMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat, moneyToMinor } from '@comanda/domain/money';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { MODE_TYPE_LABELS } from '../../../lib/branch';
import { cartPath } from '../../../lib/storefront-path';
import { type DinerOrder, dinerOrdersGet } from '../api/account-history-api';
import { useHistoryPages } from '../hooks/use-history-pages';
import { orderRepeatIntoCart, type RepeatMenuRead } from '../lib/order-repeat-cart';
import { HistoryMore } from './history-more';
import '../account.css';

/** The location whose orders are listed, and how it writes times and money. */
export interface MyOrdersPlace {
  branchContactId: number;
  timeZone: string;
  country: MoneyCountry;
}

interface MyOrdersModalProps {
  place: MyOrdersPlace;
  menuRead: RepeatMenuRead;
  onClose: () => void;
  /** The diner went to another page (an order's follow-up, the cart): the account screens close. */
  onLeave: () => void;
}

const REPEAT_FAILED = 'No pudimos repetir el pedido. Inténtalo de nuevo en unos minutos.';

/**
 * 'Mis pedidos' (ordering §2, §7; issue 11): the signed-in diner's orders at
 * this location, newest first, 10 a page. Each opens its follow-up page, and
 * 'Repetir pedido' (ours, beyond the spec) puts its lines back in the cart at
 * today's prices, naming what is no longer sold.
 */
export function MyOrdersModal({ place, menuRead, onClose, onLeave }: MyOrdersModalProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const pages = useHistoryPages((offset) => dinerOrdersGet(place.branchContactId, offset));
  const [repeating, setRepeating] = useState<string | null>(null);
  const now = Date.now();

  const repeat = async (order: DinerOrder) => {
    setRepeating(order.code);
    try {
      const outcome = await orderRepeatIntoCart(order, menuRead);
      if (outcome.notice) toast(outcome.notice, outcome.added ? 'info' : 'error');
      if (outcome.limit) toast(outcome.limit);
      if (outcome.added) {
        onLeave();
        navigate(cartPath(order.branchContact.alias));
      }
    } catch {
      toast(REPEAT_FAILED, 'error');
    } finally {
      setRepeating(null);
    }
  };

  const money = (major: number) =>
    moneyFormat(moneyToMinor(major, place.country.mantissaLength), place.country);

  return (
    <Modal open title={sessionMessages.myOrders} onClose={onClose} size="large">
      {!pages.loading && pages.problem === null && pages.rows.length === 0 ? (
        <p className="account-empty">{sessionMessages.noOrders}</p>
      ) : null}
      {pages.rows.length > 0 ? (
        <ul className="account-orders">
          {pages.rows.map((order) => (
            <li key={order.code} className="account-order">
              <div className="account-order__head">
                <span className="account-order__when">
                  {zonedMomentText(order.orderedAt, place.timeZone, now)}
                </span>
                <span
                  className={`account-order__status account-order__status--${order.status.toLowerCase()}`}
                >
                  {followUpMessages.steps[order.status]}
                </span>
              </div>
              <p className="account-order__what">
                {order.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
              </p>
              <p className="account-order__meta muted">
                <span>{MODE_TYPE_LABELS[order.type]}</span>
                <span aria-hidden="true"> · </span>
                <span>Pedido {order.code}</span>
                <span aria-hidden="true"> · </span>
                <strong className="account-order__total">{money(order.price)}</strong>
              </p>
              <div className="account-order__actions">
                <Link
                  className="button button--bordered button--small"
                  to={order.followUpUrl}
                  onClick={onLeave}
                  aria-label={`Ver el pedido ${order.code}`}
                >
                  Ver pedido
                </Link>
                <button
                  type="button"
                  className="button button--small"
                  disabled={repeating !== null}
                  onClick={() => void repeat(order)}
                  aria-label={`${orderRepeatMessages.repeat} ${order.code}`}
                >
                  {repeating === order.code ? 'Agregando…' : orderRepeatMessages.repeat}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <HistoryMore
        pages={pages}
        failure="No pudimos cargar tus pedidos. Inténtalo de nuevo en unos minutos."
      />
    </Modal>
  );
}
