import { lazy } from 'react';

/**
 * Feature code that screens open on demand, each in its own chunk, so the
 * menu's first load carries only what its first paint shows (ADR 004): the
 * plate detail, and the dialogs that open on a click or only when closed.
 */
export const PlateDetailLazy = lazy(() =>
  import('../../features/plate-detail/components/plate-detail').then((module) => ({
    default: module.PlateDetail,
  })),
);

export const PlateDetailModalLazy = lazy(
  () => import('../../features/plate-detail/components/plate-detail-modal'),
);

export const HoursModalLazy = lazy(() =>
  import('../../features/branch-header/components/hours-modal').then((module) => ({
    default: module.HoursModal,
  })),
);

export const ClosedModalLazy = lazy(() =>
  import('../../features/branch-header/components/closed-modal').then((module) => ({
    default: module.ClosedModal,
  })),
);

/** 'Ver mi pedido' shows only once the cart has items: its code (and the pricing it totals with) loads then. */
export const ViewOrderButtonLazy = lazy(() =>
  import('../../features/menu/components/view-order-button').then((module) => ({
    default: module.ViewOrderButton,
  })),
);

/** A mode tab's change (with the cart check and its confirmation), on the first click. */
export const ModeChangeLazy = lazy(() =>
  import('./mode-change').then((module) => ({ default: module.ModeChange })),
);

/** 'Mis {programme}' from the menu home's support/loyalty banner (ADR 040), on the tap. */
export const LoyaltyScreenLazy = lazy(() =>
  import('../../features/shell/components/loyalty-screen').then((module) => ({
    default: module.LoyaltyScreen,
  })),
);

/** 'Mi pedido' beside the menu on a wide screen (ADR 048): a phone never loads it. */
export const MenuCartPanelLazy = lazy(() => import('./menu-cart-panel'));
