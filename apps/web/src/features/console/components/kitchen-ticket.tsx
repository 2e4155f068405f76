import { phoneNationalText } from '@comanda/domain/phone';
import { createPortal } from 'react-dom';
import type { OrderDetail } from '../api/console-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { MODE_LABELS, money } from '../lib/format';

/**
 * The kitchen ticket of an order: hidden on screen, the only thing printed
 * (`@media print` in console.css, 80 mm receipt width). It is rendered straight
 * under <body>, outside the app: the print stylesheet can then drop the whole
 * app from the paper (no blank pages where the board was) and the ticket starts
 * at the paper's top-left corner instead of where the detail panel sits.
 */
export function KitchenTicket({ order }: { order: OrderDetail }) {
  const moment = useConsoleMoment();
  const country = order.country;
  const address = order.destination?.fullAddress ?? null;
  return createPortal(
    <section className="kitchen-ticket" aria-hidden="true" data-testid="kitchen-ticket">
      <p className="kitchen-ticket__venue">{order.branchContact.name}</p>
      <p className="kitchen-ticket__code">#{order.code}</p>
      <p>
        {MODE_LABELS[order.type] ?? order.type}
        {order.table ? ` · Mesa ${order.table}` : ''}
      </p>
      <p>{moment(order.orderedAt)}</p>
      {order.scheduledAt ? (
        <p className="kitchen-ticket__strong">PROGRAMADO {moment(order.scheduledAt)}</p>
      ) : null}
      <hr />
      {order.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never reorder
        <div key={index} className="kitchen-ticket__item">
          <p className="kitchen-ticket__strong">
            {item.quantity} × {item.name}
          </p>
          {item.extras.map((extra) => (
            <p key={extra.groupId}>
              {'  '}+{' '}
              {extra.groupItems
                .map((g) => (g.quantity > 1 ? `${g.quantity} × ${g.name}` : g.name))
                .join(', ')}
            </p>
          ))}
          {item.notes ? (
            <p>
              {'  '}» {item.notes}
            </p>
          ) : null}
        </div>
      ))}
      <hr />
      {order.notes ? <p>Notas: {order.notes}</p> : null}
      <p>Cliente: {order.customerName ?? '—'}</p>
      {order.phone ? <p>Tel: {phoneNationalText(order.phone)}</p> : null}
      {address ? <p>Dirección: {address}</p> : null}
      {order.destination?.betweenStreets ? <p>Entrecalles: {order.destination.betweenStreets}</p> : null}
      <p>
        {order.paymentType?.showName ?? ''} · {order.paid ? 'PAGADO' : 'A COBRAR'}
      </p>
      <p className="kitchen-ticket__strong">Total: {money(order.price, country)}</p>
    </section>,
    document.body,
  );
}
