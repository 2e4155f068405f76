/** 'Tu pedido': the order's lines, its amounts and its facts (payment, table, address, notes, loyalty). */
import { deliveryFeeText, serviceFeeText } from '@comanda/domain/fees';
import { loyaltyOrderFacts } from '@comanda/domain/loyalty-text';
import { followUpMessages } from '@comanda/domain/messages';
import { moneyToMinor } from '@comanda/domain/money';
import type { OrderPaymentState } from '@comanda/domain/order-status';
import type { FollowUpOrder } from '../api/order';

interface OrderDetailProps {
  order: FollowUpOrder;
  paymentState: OrderPaymentState;
  /** An amount in major units as the venue's money. */
  money: (major: number) => string;
}

export function OrderDetail({ order, paymentState, money }: OrderDetailProps) {
  // The fees read as at checkout (ordering §9): 'Gratis' and 'Bonificada' when zero.
  const minor = (major: number) => moneyToMinor(major, order.country.mantissaLength);
  const unpaid = paymentState === 'UNPAID';
  const address = order.destination
    ? (order.destination.fullAddress ??
      [[order.destination.street, order.destination.number].filter(Boolean).join(' '), order.destination.city]
        .filter(Boolean)
        .join(', '))
    : null;
  return (
    <section
      aria-label="Detalle del pedido"
      className={`follow-up__section follow-up__detail${unpaid || paymentState === 'EXPIRED' ? ' follow-up__detail--unpaid' : ''}`}
    >
      <h2 className="section-title">Tu pedido</h2>
      {unpaid ? <p className="follow-up__unpaid-label">{followUpMessages.unpaidLabel}</p> : null}
      <ul className="follow-items">
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of an order never move.
          <li key={index} className="follow-items__line">
            <div className="follow-items__text">
              <span className="follow-items__name">
                {item.quantity} × {item.name}
              </span>
              {item.extras.map((group) => (
                <span key={group.groupId} className="muted follow-items__extras">
                  {group.groupName}:{' '}
                  {group.groupItems
                    .map((extra) => (extra.quantity > 1 ? `${extra.quantity} × ${extra.name}` : extra.name))
                    .join(', ')}
                </span>
              ))}
              {item.notes ? <span className="muted follow-items__notes">“{item.notes}”</span> : null}
            </div>
            <span className="follow-items__price">{money(item.accPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="cart-summary">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(order.itemsPrice)}</dd>
        </div>
        {order.surcharges.map((entry) => (
          <div key={`s-${entry.name}`}>
            <dt>{entry.name}</dt>
            <dd>{money(entry.amount)}</dd>
          </div>
        ))}
        {order.discounts.map((entry) => (
          <div key={`d-${entry.name}`}>
            <dt>{entry.name}</dt>
            <dd>− {money(entry.amount)}</dd>
          </div>
        ))}
        {order.type === 'DELIVERY' ? (
          <div>
            <dt>Envío</dt>
            <dd>{deliveryFeeText(minor(order.deliveryFee), order.country)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Costo de servicio</dt>
          <dd>{serviceFeeText(minor(order.userServiceFee), order.country)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{money(order.price)}</dd>
        </div>
      </dl>

      <dl className="follow-facts">
        {order.paymentType ? (
          <div>
            <dt>Medio de pago</dt>
            <dd>
              {order.paymentType.showName}
              {paymentState === 'PAID' ? ' · Pagado' : ''}
            </dd>
          </div>
        ) : null}
        {order.paysWith !== null ? (
          <div>
            <dt>Paga con</dt>
            <dd>{money(order.paysWith)}</dd>
          </div>
        ) : null}
        {order.table ? (
          <div>
            <dt>Mesa</dt>
            <dd>{order.table}</dd>
          </div>
        ) : null}
        {address ? (
          <div>
            <dt>Dirección</dt>
            <dd>
              {address}
              {order.destination?.details ? ` (${order.destination.details})` : ''}
            </dd>
          </div>
        ) : null}
        {order.notes ? (
          <div>
            <dt>Notas</dt>
            <dd>{order.notes}</dd>
          </div>
        ) : null}
        {order.shipmentSecurityCode ? (
          <div>
            <dt>Clave de entrega</dt>
            <dd>{order.shipmentSecurityCode}</dd>
          </div>
        ) : null}
        {loyaltyOrderFacts(order.loyalty, order.status === 'CANCELED', order.country).map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
