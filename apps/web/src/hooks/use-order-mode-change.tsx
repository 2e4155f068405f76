import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { analyticsTrack } from '../lib/analytics';
import { menuHashOf } from '../lib/menu-hash';
import { modePath } from '../lib/storefront-path';
import { cartGet, cartLogicLoad } from '../stores/cart-store';
import type { ApiOrderMode } from '../types/api';
import { useConfirmClear } from './use-confirm-clear';

/**
 * Choosing an order mode (ordering §2, §4): goes to the mode's menu keeping the
 * query string and replacing history. With items in the cart, any other mode
 * asks first (ordering §4), even one sharing the menu, and accepting empties the
 * cart; with an empty cart the change goes straight through.
 */
export function useOrderModeChange(context: {
  alias: string;
  branchContactId: number;
  hashes: ReadonlyMap<number, string>;
  /** The diner kept the current mode (Cancelar). */
  onCancel?: () => void;
}): { choose: (mode: ApiOrderMode, options?: { replace?: boolean }) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { ask, dialog } = useConfirmClear(context.onCancel);

  const go = (mode: ApiOrderMode, replace: boolean) => {
    analyticsTrack('ORDER_MODE_SELECT', {
      branchContactId: context.branchContactId,
      orderModeId: mode.id,
      payload: { type: mode.type, showName: mode.showName },
    });
    navigate(`${modePath(context.alias, mode)}${search}`, { replace });
  };

  const choose = (mode: ApiOrderMode, options: { replace?: boolean } = {}) => {
    const replace = options.replace ?? true;
    const menuHash = menuHashOf(mode, context.hashes);
    const state = cartGet();
    // An empty cart has nothing to lose: no need to load the cart's rules.
    if (state.alias !== context.alias || state.itemsCount === 0) {
      go(mode, replace);
      return;
    }
    void cartLogicLoad().then((logic) => {
      if (!logic.cartModeChangeAsks(mode.id)) go(mode, replace);
      else
        ask(() => {
          logic.cartActions.setModeConfirmed(mode.id, menuHash);
          go(mode, replace);
        });
    });
  };

  return { choose, dialog };
}
