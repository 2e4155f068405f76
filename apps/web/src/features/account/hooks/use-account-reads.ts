/**
 * The account menu's reads: the signed-in customer's name (which also tells
 * whether the API still accepts the session: a 401 signs the diner out) and
 * the branch's loyalty programme (its name labels 'Mis {name}').
 */
import { useEffect, useState } from 'react';
import { customerSessionNameSet, useCustomerSession } from '../../../stores/customer-session-store';
import { type AccountLoyaltyProgram, customerProfileGet, loyaltyProgramGet } from '../api/account-api';

/**
 * Reads the customer at the branch once per session and branch (the menu
 * opening, a sign-in): the greeting follows the name; a refused session is
 * forgotten by the store. Other failures keep what is known.
 */
export function useCustomerRefresh(branchId: number | null): void {
  const token = useCustomerSession()?.token ?? null;
  useEffect(() => {
    if (!token || branchId === null) return;
    let current = true;
    customerProfileGet(branchId).then(
      (profile) => current && customerSessionNameSet(profile.name),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [token, branchId]);
}

/** The branch's loyalty programme when `wanted` (null while unknown, and when there is none). */
export function useLoyaltyProgram(branchId: number | null, wanted: boolean): AccountLoyaltyProgram | null {
  const [program, setProgram] = useState<{ branchId: number; program: AccountLoyaltyProgram | null } | null>(
    null,
  );
  useEffect(() => {
    if (!wanted || branchId === null) return;
    let current = true;
    void loyaltyProgramGet(branchId).then((found) => current && setProgram({ branchId, program: found }));
    return () => {
      current = false;
    };
  }, [branchId, wanted]);
  return program && program.branchId === branchId ? program.program : null;
}
