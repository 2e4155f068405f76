import { loyaltyIsActive } from '@comanda/domain/loyalty';
import { sessionMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { useCustomerSession } from '../../../stores/customer-session-store';
import type { ApiBranchContact, ApiCountry } from '../../../types/api';
import { type AccountLoyaltyProgram, loyaltyProgramGet } from '../../account/api/account-api';
import { LoyaltyModal } from '../../account/components/loyalty-modal';

/**
 * 'Mis {programme}' opened from the menu home's banner (ADR 040), where the
 * shell composes the account's modal as the account menu does: a chunk of its
 * own, loaded on the tap. Like every loyalty screen it needs a signed-in
 * diner (ordering §5 "Login-only actions": otherwise 'Inicie sesión'), and a
 * programme that is active here; a failed read closes it with nothing shown
 * (§8 "Loyalty programme fails → Empty").
 */
export function LoyaltyScreen({
  contact,
  country,
  onClose,
}: {
  contact: ApiBranchContact;
  country: ApiCountry;
  onClose: () => void;
}) {
  const toast = useToast();
  const signedIn = useCustomerSession() !== null;
  const [program, setProgram] = useState<AccountLoyaltyProgram | null>(null);
  const branchId = contact.branch.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; closing unmounts this screen.
  useEffect(() => {
    if (!signedIn) {
      toast(sessionMessages.signInRequired);
      onClose();
      return;
    }
    let current = true;
    void loyaltyProgramGet(branchId).then((found) => {
      if (!current) return;
      if (loyaltyIsActive(found, String(contact.id))) setProgram(found);
      else onClose();
    });
    return () => {
      current = false;
    };
  }, [signedIn, branchId]);

  if (!signedIn || !program) return null;
  return (
    <LoyaltyModal
      program={program}
      place={{ alias: contact.alias, branchId, timeZone: contact.timezone, country }}
      onClose={onClose}
      onLeave={onClose}
    />
  );
}
