import { orderRepeatLines, orderRepeatNotice } from '@comanda/domain/order-repeat';
import type { Plate } from '@comanda/domain/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { type RecoveryCart, recoveryCartGet } from '../../features/cart-recovery/api/recovery-api';
import { recoveryLines } from '../../features/cart-recovery/lib/recovery-lines';
import { analyticsTrack } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { menuHashOf } from '../../lib/menu-hash';
import { cartLogicLoad } from '../../stores/cart-store';
import type { ApiBranchContact } from '../../types/api';

/** (ours) What the diner reads once the lines are back (COPY.md: tú). */
export const cartRecoveryMessages = {
  restored: 'Recuperamos tu pedido, con los precios de hoy.',
  merged: 'Sumamos tu pedido anterior al que tenías, con los precios de hoy.',
  failed: 'No pudimos recuperar tu pedido. Inténtalo de nuevo más tarde.',
} as const;

/**
 * The return through an abandoned-cart message's link (ADR 028):
 * `{alias}/preview?abandoned=true&phone={E.164}&cart={token}`. The stored
 * lines go back into the cart at today's prices by the 'Repetir pedido' rule
 * (`orderRepeatLines`): an empty cart takes them in the stored order mode; a
 * cart that already has items keeps its mode and gets them added (merged
 * lines add up), so nothing the diner chose since is lost. What is no longer
 * sold is named in a notice; a link no longer valid says so and leaves the
 * cart as it is. The `cart` query is then taken out of the address, so a
 * reload does not add the lines twice and the token does not travel on.
 *
 * The lines are priced with the menu the cart page loads for the cart's mode
 * (`menu`, null until it answers), so this adds no menu read of its own.
 */
export function useCartRecoveryRestore(
  contact: ApiBranchContact,
  hashes: { loaded: boolean; hashes: ReadonlyMap<number, string> },
  menu: { orderModeId: number; plates: readonly Plate[] } | null,
): void {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const query = new URLSearchParams(search);
  const token = query.get('cart');
  const phone = query.get('phone');

  const track = useCallback(
    (payload: Record<string, unknown>, orderModeId?: number) =>
      analyticsTrack('ABANDONED_CART_RETURN', {
        branchContactId: contact.id,
        ...(orderModeId ? { orderModeId } : {}),
        payload,
      }),
    [contact.id],
  );

  // 1. The link's cart is read, and an empty cart is put in its mode (the page then loads that menu).
  useEffect(() => {
    if (!token || !phone || !hashes.loaded || started.current) return;
    started.current = true;
    const forgetToken = () => {
      const rest = new URLSearchParams(search);
      rest.delete('cart');
      const next = rest.toString();
      navigate({ pathname, search: next ? `?${next}` : '' }, { replace: true });
    };
    const read = async () => {
      let recovered: RecoveryCart;
      try {
        recovered = await recoveryCartGet({ phone, branchContactId: contact.id, token });
      } catch (error) {
        const gone = error instanceof ApiError && error.status === 404;
        // Ordering §8: an abandoned cart not found is logged as 'Cart not found'.
        if (gone) console.info('Cart not found');
        toast(gone ? error.message : cartRecoveryMessages.failed, 'error');
        track({ outcome: gone ? 'gone' : 'failed' });
        return;
      }
      const { cartActions, cartCurrent } = await cartLogicLoad();
      const before = cartCurrent().cart;
      const merged = before.items.length > 0;
      const modes = contact.deliveryConfig.orderModes.filter((mode) => mode.active);
      const wanted = merged ? Number(before.orderModeId) : recovered.orderModeId;
      const mode = modes.find((candidate) => candidate.id === wanted) ?? (merged ? null : modes[0]);
      if (!mode) return;
      if (!merged) cartActions.setMode(mode.id, menuHashOf(mode, hashes.hashes));
      setPending({ items: recovered.items, orderModeId: mode.id, merged });
    };
    void read()
      .catch(() => toast(cartRecoveryMessages.failed, 'error'))
      .finally(forgetToken);
  }, [token, phone, hashes, contact, search, pathname, navigate, toast, track]);

  // 2. Once that mode's menu is there, the lines go in at its prices.
  useEffect(() => {
    if (!pending || !menu || menu.orderModeId !== pending.orderModeId) return;
    setPending(null);
    void cartLogicLoad().then(({ cartActions, cartCurrent }) => {
      const base = cartCurrent().cart;
      const result = orderRepeatLines(base, recoveryLines(pending.items, menu.plates), menu.plates);
      cartActions.replace(result.cart);
      if (result.cart !== base) {
        toast(pending.merged ? cartRecoveryMessages.merged : cartRecoveryMessages.restored, 'success');
      }
      const notice = orderRepeatNotice(result.dropped);
      if (notice) toast(notice, 'info');
      if (result.message) toast(result.message, 'info');
      track(
        {
          outcome: 'restored',
          merged: pending.merged,
          lines: pending.items.length,
          dropped: result.dropped.length,
        },
        pending.orderModeId,
      );
    });
  }, [pending, menu, toast, track]);
}

interface Pending {
  items: RecoveryCart['items'];
  orderModeId: number;
  merged: boolean;
}
