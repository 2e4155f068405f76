import { loyaltyMenuLabel, loyaltyShowsButton } from '@comanda/domain/loyalty';
import { sessionMessages } from '@comanda/domain/messages';
import { sessionAccountMenu, sessionRequireSignIn } from '@comanda/domain/session';
import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { customerSessionForget, useCustomerSession } from '../../../stores/customer-session-store';
import { type AccountLoyaltyProgram, signInSessionClose } from '../api/account-api';
import { useCustomerRefresh, useLoyaltyProgram } from '../hooks/use-account-reads';
import '../account.css';

// The modal brings the phone library (about 29 KB gzipped): it loads when the diner asks to sign in.
const SignInModal = lazy(() => import('./sign-in-modal').then((module) => ({ default: module.SignInModal })));

/** Where the storefront is: the location on screen (none on a company's or a branch's list of them). */
export interface AccountPlace {
  branchContactId: number | null;
  branchId: number | null;
  /** The venue's country (ISO). */
  countryCode: string;
}

/**
 * The screens the menu's entries open, given by whoever composes the menu.
 * An entry whose screen is not given is not offered to a signed-in diner
 * (never a button that does nothing); a signed-out diner still sees 'Mis
 * pedidos' and hears 'Inicie sesión' (ordering §5 "Login-only actions").
 */
export interface AccountScreens {
  myOrders?: () => void;
  loyalty?: (program: AccountLoyaltyProgram) => void;
}

interface AccountPanelProps {
  aliasType: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
  place: AccountPlace;
  screens?: AccountScreens;
}

/**
 * The account menu's content (ordering §2): sign in, or a greeting with the
 * name; 'Mis pedidos', 'Mi beneficio' / 'Mis {programme}' and 'Cerrar sesión'
 * by the rules of §5 "Login-only actions".
 */
export function AccountPanel({ aliasType, place, screens = {} }: AccountPanelProps) {
  const toast = useToast();
  const session = useCustomerSession();
  const signedIn = session !== null;
  const [signingIn, setSigningIn] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menu = sessionAccountMenu({ signedIn, aliasType });
  useCustomerRefresh(signedIn ? place.branchId : null);
  const program = useLoyaltyProgram(place.branchId, signedIn && screens.loyalty !== undefined);
  const contactId = place.branchContactId === null ? null : String(place.branchContactId);
  const showLoyalty = screens.loyalty !== undefined && loyaltyShowsButton(program, contactId, signedIn);
  const showMyOrders = menu.showMyOrders && (!signedIn || screens.myOrders !== undefined);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await signInSessionClose();
    } catch {
      // Unreachable server: the diner asked to leave, so this device forgets the session anyway
      // (the server's copy expires on its own).
    } finally {
      customerSessionForget();
      setSigningOut(false);
    }
  };

  return (
    <>
      {session ? (
        <div className="account-greeting">
          <p className="account-greeting__hello">{session.name ? `Hola, ${session.name}` : 'Hola'}</p>
          <p className="muted account-nowrap">{session.phoneDisplay}</p>
        </div>
      ) : place.branchContactId !== null ? (
        <button type="button" className="button account-sign-in" onClick={() => setSigningIn(true)}>
          {sessionMessages.signInTitle}
        </button>
      ) : (
        <p className="muted account-note">Elige un local para iniciar sesión.</p>
      )}
      <nav className="drawer__body" aria-label="Mi cuenta">
        {showMyOrders ? (
          <button
            type="button"
            className="drawer__item"
            onClick={() => {
              const message = sessionRequireSignIn(signedIn);
              if (message) toast(message);
              else screens.myOrders?.();
            }}
          >
            {sessionMessages.myOrders}
          </button>
        ) : null}
        {showLoyalty && program ? (
          <button type="button" className="drawer__item" onClick={() => screens.loyalty?.(program)}>
            {loyaltyMenuLabel(program)}
          </button>
        ) : null}
        {menu.showSignOut ? (
          <button type="button" className="drawer__item" disabled={signingOut} onClick={() => void signOut()}>
            {sessionMessages.signOut}
          </button>
        ) : null}
      </nav>
      {signingIn && place.branchContactId !== null ? (
        <Suspense fallback={null}>
          <SignInModal
            place={{ branchContactId: place.branchContactId, countryCode: place.countryCode }}
            onClose={() => setSigningIn(false)}
            onSignedIn={() => setSigningIn(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
