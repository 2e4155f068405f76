import { sessionMessages } from '@comanda/domain/messages';
import { sessionAccountMenu, sessionRequireSignIn } from '@comanda/domain/session';
import { useEffect, useRef, useState } from 'react';
import { IconClose } from '../../../components/ui/icons-actions';
import { MODAL_CLOSE_MS } from '../../../components/ui/modal';
import { ToastOutlet, useToast } from '../../../components/ui/toast';

interface AccountMenuProps {
  open: boolean;
  onClose: () => void;
  aliasType: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
}

/**
 * The account menu, sliding in from the right (ordering §2). Signing in by phone
 * arrives with the loyalty work; until then the diner is anonymous, so the menu
 * offers what an anonymous diner has: 'Mis pedidos' on a branch contact, which
 * asks to sign in ('Inicie sesión', ordering §5 "Login-only actions").
 */
export function AccountMenu({ open, onClose, aliasType }: AccountMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);
  const toast = useToast();
  // Nobody is signed in yet: sign-in by phone is not built, so no greeting and no 'Cerrar sesión'.
  const signedIn = false;
  const menu = sessionAccountMenu({ signedIn, aliasType });

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) {
      setClosing(false);
      dialog.showModal();
    }
  }, [open]);

  const close = () => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(() => {
      ref.current?.close();
      setClosing(false);
      onClose();
    }, MODAL_CLOSE_MS);
  };

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`drawer${closing ? ' drawer--closing' : ''}`}
      aria-label="Mi cuenta"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onKeyDown={() => {}}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 className="drawer__title">Mi cuenta</h2>
          <button type="button" className="icon-button" aria-label="Cerrar" onClick={close}>
            <IconClose />
          </button>
        </div>
        <nav className="drawer__body" aria-label="Mi cuenta">
          {menu.showMyOrders ? (
            <button
              type="button"
              className="drawer__item"
              onClick={() => {
                const message = sessionRequireSignIn(signedIn);
                if (message) toast(message);
              }}
            >
              {sessionMessages.myOrders}
            </button>
          ) : null}
        </nav>
      </div>
      <ToastOutlet />
    </dialog>
  );
}
