/**
 * Starting a redirect card payment (Webpay Plus, follow-up §7 "Starts payment
 * of an order"): `POST /api/callback/transbank/{branchContactId}-{orderCode}`
 * answers our page that POSTs `token_ws` to the provider's form; the provider
 * sends the diner back to the follow-up with `token_ws`. In lib because the
 * checkout (right after placing the order) and the follow-up ('Pagar') both
 * start it, and features never import each other.
 */
import { apiRequest } from './api-client';

export function paymentRedirectStart(
  branchContactId: number,
  code: string,
): Promise<{ redirectUrl: string }> {
  return apiRequest<{ redirectUrl: string }>(
    `/callback/transbank/${branchContactId}-${encodeURIComponent(code)}`,
    { method: 'POST' },
  );
}
