import { cartMessages } from '@comanda/domain/messages';
import type { OrderingState } from '../../../lib/ordering-state';

/**
 * The banner over the menu when ordering is limited: 'Menú informativo. Pedidos
 * deshabilitados.', or the closed banners 'Local cerrado.' / 'Local cerrado,
 * programa tu pedido.' (ordering §2, §8).
 */
export function OrderingNotice({ ordering }: { ordering: OrderingState }) {
  const text = ordering.orderingDisabled ? cartMessages.orderingDisabled : ordering.closedNotice?.banner;
  if (!text) return null;
  return (
    <p className="notice notice--warning" role="status">
      {text}
    </p>
  );
}
