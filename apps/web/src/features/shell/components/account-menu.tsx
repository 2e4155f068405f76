import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { IconClose } from '../../../components/ui/icons-actions';
import { MODAL_CLOSE_MS } from '../../../components/ui/modal';
import { ToastOutlet } from '../../../components/ui/toast';
import type { ApiDinerEntity } from '../../../types/api';
import type { AccountPlace } from '../../account/components/account-panel';
import { useDinerEntity } from '../../entry/api/get-diner-entity';
import { useAccountScreens } from './account-screens';

interface AccountMenuProps {
  open: boolean;
  onClose: () => void;
  aliasType: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
}

// The account's content comes as a chunk of its own, asked for as soon as this frame is: statically
// here, its styles would be listed in the first-paint chunk that loads this one (bench/bundle-size.mjs).
const accountPanel = () => import('../../account/components/account-panel');
const AccountPanel = lazy(() => accountPanel().then((module) => ({ default: module.AccountPanel })));
void accountPanel();

/** The location and country the alias on screen names (its entity is read once per page, cached). */
function placeOf(entity: ApiDinerEntity | undefined): AccountPlace {
  if (entity?.type === 'BRANCH_CONTACT') {
    return {
      branchContactId: entity.branchContact.id,
      branchId: entity.branchContact.branch.id,
      countryCode: entity.country.code,
    };
  }
  if (entity?.type === 'BRANCH') {
    return { branchContactId: null, branchId: entity.branch.id, countryCode: entity.country.code };
  }
  return { branchContactId: null, branchId: null, countryCode: entity?.country.code ?? '' };
}

/**
 * The account menu, sliding in from the right (ordering §2): the frame of the
 * storefront, whose content is the account feature's (sign-in, greeting, the
 * login-only entries, sign-out). This lazy chunk is where the two meet: the
 * layout that opens it is in the menu's first-paint chunk, which has no room
 * for a composition of its own (bench/bundle-size.mjs).
 */
export function AccountMenu({ open, onClose, aliasType }: AccountMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);
  const { alias = '' } = useParams();
  const entity = useDinerEntity(alias);
  const account = useAccountScreens(entity.data, onClose);

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
        <Suspense fallback={null}>
          <AccountPanel aliasType={aliasType} place={placeOf(entity.data)} screens={account.screens} />
        </Suspense>
      </div>
      {account.screen}
      <ToastOutlet />
    </dialog>
  );
}
