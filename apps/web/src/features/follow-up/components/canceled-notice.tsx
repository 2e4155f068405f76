import { followUpMessages, orderNotificationMessages } from '@comanda/domain/messages';
import { orderCancelMoney } from '@comanda/domain/order-cancel';
import type { OrderStatus } from '@comanda/domain/order-status';
import type { PaymentMethod } from '@comanda/domain/types';
import { venueWhatsAppLink } from '@comanda/domain/venue-message';
import type { FollowUpOrder } from '../api/order';

/**
 * A cancelled order (issue 18): who cancelled it and why, in the words of the
 * diner's message, and what happens to the money. Comanda refunds nothing by
 * itself, so a paid order says the venue makes the refund and offers the
 * venue's chat to arrange it (ADR 050).
 */
export function CanceledNotice({
  order,
  money,
}: {
  order: FollowUpOrder;
  /** An amount in major units as the venue's money. */
  money: (major: number) => string;
}) {
  if (order.status !== 'CANCELED') return null;
  const venue = order.branchContact.name;
  const moneyCase = orderCancelMoney({
    status: order.status as OrderStatus,
    paymentMethod: (order.paymentType?.paymentMethod ?? 'CASH') as PaymentMethod,
    paymentStatus: order.paymentStatus,
  });
  const amount = money(order.price);
  const phone = order.branchContact.whatsAppPhone;
  return (
    <div className="notice notice--error follow-up__canceled" data-testid="canceled-notice">
      <p>{orderNotificationMessages.CANCELED(order.code, venue)}</p>
      {order.cancelReason ? <p>{orderNotificationMessages.cancelReason(order.cancelReason)}</p> : null}
      {moneyCase === 'REFUND_BY_VENUE' ? (
        <>
          <p>{followUpMessages.canceledRefund(amount, venue)}</p>
          {phone ? (
            <p>
              <a
                className="link"
                href={venueWhatsAppLink(phone, followUpMessages.canceledRefundChat(order.code, amount))}
                target="_blank"
                rel="noopener noreferrer"
              >
                Escribir por WhatsApp
              </a>
            </p>
          ) : null}
        </>
      ) : moneyCase === 'NOT_CHARGED' ? (
        <p>{followUpMessages.canceledNotCharged}</p>
      ) : null}
    </div>
  );
}
