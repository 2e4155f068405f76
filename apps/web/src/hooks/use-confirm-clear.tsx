import { cartMessages } from '@comanda/domain/messages';
import { lazy, type ReactNode, Suspense, useState } from 'react';

// The dialog's code loads the first time it is needed, not with the menu.
const ConfirmDialog = lazy(() =>
  import('../components/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The confirmation before a change that empties the cart (ordering §2 "Confirm
 * modals"): 'Si continuas, se borrarán los ítems agregados a tu pedido' /
 * '¿Deseas continuar?' with Cancelar / Continuar. `ask(action)` runs the action
 * only if the diner continues (`onCancel` runs if not); render `dialog` once in the screen.
 */
export function useConfirmClear(onCancel?: () => void): {
  ask: (action: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<{ action: () => void } | null>(null);
  const dialog = pending ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={cartMessages.confirmClearTitle}
        question={cartMessages.confirmClearQuestion}
        confirmLabel={cartMessages.continue}
        cancelLabel={cartMessages.cancel}
        onConfirm={() => {
          setPending(null);
          pending.action();
        }}
        onCancel={() => {
          setPending(null);
          onCancel?.();
        }}
      />
    </Suspense>
  ) : null;
  return { ask: (action) => setPending({ action }), dialog };
}
