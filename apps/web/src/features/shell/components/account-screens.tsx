import { sessionMessages } from '@comanda/domain/messages';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { menuHashOf } from '../../../lib/menu-hash';
import { useCustomerSession } from '../../../stores/customer-session-store';
import type { ApiBranchContact, ApiCountry, ApiDinerEntity } from '../../../types/api';
import type { AccountLoyaltyProgram } from '../../account/api/account-api';
import type { AccountScreens } from '../../account/components/account-panel';
import type { RepeatMenuRead } from '../../account/lib/order-repeat-cart';
import { getMenu } from '../../menu/api/get-menu';
import { useMenuHashes } from '../../menu/api/get-menu-extras';

// Each screen is a chunk of its own, loaded when the diner opens it.
const MyOrdersModal = lazy(() =>
  import('../../account/components/my-orders-modal').then((module) => ({ default: module.MyOrdersModal })),
);
const LoyaltyModal = lazy(() =>
  import('../../account/components/loyalty-modal').then((module) => ({ default: module.LoyaltyModal })),
);

type OpenScreen = { name: 'myOrders' } | { name: 'loyalty'; program: AccountLoyaltyProgram };

/**
 * The account menu's screens ('Mis pedidos', 'Mis {programme}') at a
 * location: they are offered only on a location's alias (ordering §5), and
 * 'Repetir pedido' prices with the menu the storefront loads for a mode. A
 * session the API refuses while a screen is open closes it with 'Inicie sesión'.
 */
export function useAccountScreens(
  entity: ApiDinerEntity | undefined,
  /** The diner went to another page from a screen: the menu closes. */
  leave: () => void,
): { screens: AccountScreens; screen: ReactNode } {
  const contact = entity?.type === 'BRANCH_CONTACT' ? entity.branchContact : null;
  const country = entity?.type === 'BRANCH_CONTACT' ? entity.country : null;
  const toast = useToast();
  const signedIn = useCustomerSession() !== null;
  const [open, setOpen] = useState<OpenScreen | null>(null);
  const hashes = useMenuHashes(contact && signedIn ? contact.alias : null);

  useEffect(() => {
    if (signedIn || open === null) return;
    setOpen(null);
    toast(sessionMessages.signInRequired);
  }, [signedIn, open, toast]);

  if (!contact || !country) return { screens: {}, screen: null };

  const menuRead: RepeatMenuRead = async (orderModeId) => {
    const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.id === orderModeId);
    if (!mode) throw new Error(`Order mode ${orderModeId} is not offered here any more`);
    const menu = await getMenu(contact.alias, contact.id, orderModeId, country.mantissaLength);
    return { plates: menu.plates, menuHash: menuHashOf(mode, hashes.hashes) };
  };
  const close = () => setOpen(null);
  const leaveAll = () => {
    setOpen(null);
    leave();
  };

  return {
    screens: {
      myOrders: () => setOpen({ name: 'myOrders' }),
      loyalty: (program) => setOpen({ name: 'loyalty', program }),
    },
    screen:
      open && signedIn ? (
        <Suspense fallback={null}>{screenOf(open, contact, country, menuRead, close, leaveAll)}</Suspense>
      ) : null,
  };
}

function screenOf(
  open: OpenScreen,
  contact: ApiBranchContact,
  country: ApiCountry,
  menuRead: RepeatMenuRead,
  close: () => void,
  leave: () => void,
): ReactNode {
  if (open.name === 'myOrders') {
    return (
      <MyOrdersModal
        place={{ branchContactId: contact.id, timeZone: contact.timezone, country }}
        menuRead={menuRead}
        onClose={close}
        onLeave={leave}
      />
    );
  }
  return (
    <LoyaltyModal
      program={open.program}
      place={{ alias: contact.alias, branchId: contact.branch.id, timeZone: contact.timezone, country }}
      onClose={close}
      onLeave={leave}
    />
  );
}
