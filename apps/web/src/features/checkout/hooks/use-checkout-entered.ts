/** The funnel's CONTINUE_TO_CHECKOUT event, once per visit, as soon as the cart and its mode are known. */
import { useEffect, useRef } from 'react';
import { analyticsTrack } from '../../../lib/analytics';

export function useCheckoutEntered(
  branchContactId: number,
  cart: { items: readonly unknown[] } | null,
  mode: { id: number } | null,
) {
  const entered = useRef(false);
  useEffect(() => {
    if (entered.current || !cart || !mode) return;
    entered.current = true;
    analyticsTrack('CONTINUE_TO_CHECKOUT', {
      branchContactId,
      orderModeId: mode.id,
      payload: { items: cart.items.length },
    });
  }, [cart, mode, branchContactId]);
}
