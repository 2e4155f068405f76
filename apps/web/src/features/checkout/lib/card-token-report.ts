import { CardTokenError } from '../../../lib/card-token';
import type { ApiBranchContact } from '../../../types/api';
import { dinerLogSend } from '../api/checkout-api';

/**
 * A card the provider would not tokenize goes to `POST /api/diner/log`
 * (ordering §7) with what happened — the provider, the reason, the names of the
 * refused fields — and never the card's data: no field values, no provider
 * answer (it may echo them).
 */
export function cardTokenFailureReport(
  contact: Pick<ApiBranchContact, 'id' | 'branch'>,
  provider: string | null,
  error: unknown,
): Promise<void> {
  return dinerLogSend({
    bcId: contact.id,
    branchId: contact.branch.id,
    url: `${window.location.origin}${window.location.pathname}`,
    component: 'checkout/card-token',
    payload: {
      provider,
      reason: error instanceof CardTokenError ? error.reason : 'UNEXPECTED',
      refusedFields: error instanceof CardTokenError ? Object.keys(error.fields) : [],
      message: error instanceof Error ? error.message : String(error),
    },
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
  });
}
