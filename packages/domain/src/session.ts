/**
 * The diner's session (ordering §4 "Identified customer", §5 "Login-only
 * actions"): sign-in results, actions that need an identified customer, and
 * what the account menu shows.
 */
import { sessionMessages } from './messages';

/** A login-only action by an anonymous diner gives the toast 'Inicie sesión'. */
export function sessionRequireSignIn(identified: boolean): string | null {
  return identified ? null : sessionMessages.signInRequired;
}

/** The toast after a sign-in attempt: 'Inicio de sesión con éxito' or 'Error iniciando sesión'. */
export function sessionSignInMessage(succeeded: boolean): string {
  return succeeded ? sessionMessages.signedIn : sessionMessages.signInFailed;
}

/** The account menu: logout only when signed in; 'Mis pedidos' only on a branch contact alias. */
export function sessionAccountMenu(input: {
  signedIn: boolean;
  aliasType: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
}): {
  showSignOut: boolean;
  showMyOrders: boolean;
} {
  return { showSignOut: input.signedIn, showMyOrders: input.aliasType === 'BRANCH_CONTACT' };
}
