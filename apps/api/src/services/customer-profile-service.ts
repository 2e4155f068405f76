/**
 * The signed-in diner's own data (`GET /api/orderingcustomer/{phone}`,
 * ordering §7): readable only with a session for that phone of the branch's
 * company (ADR 018). 401 without a session, 403 with another phone's or
 * another company's: nothing about the phone is answered either way.
 */
import { phoneToE164 } from '@comanda/domain/phone';
import type { Queryable } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { customerFind } from '../repositories/customer-repository';
import { branchFind, companyWithCountryFind } from '../repositories/tenant-repository';
import { customerAuthMessages, customerSessionOf } from './customer-auth-service';

/** What ordering §7 answers about a customer. */
export interface CustomerProfileView {
  optIn: boolean;
  addressesRegistered: Record<string, unknown>[];
  name: string | null;
  phone: string;
  loyaltyPointsBalance: number;
}

/**
 * The company and E.164 phone a request may read personal data of: the
 * session's own phone, at the branch's company. 401 without a live session
 * (checked first: without one, not even whether the branch or the phone
 * exists is told), 404 for an unknown branch, 403 when the path's phone (read
 * in the company's country) or the branch's company is not the session's.
 */
export async function customerOwnPhoneAt(
  db: Queryable,
  input: { phone: string; branchId: number; token: string | undefined; now: number },
): Promise<{ companyId: number; phone: string }> {
  const session = await customerSessionOf(db, input.token, input.now);
  if (!session) throw new HttpError(401, customerAuthMessages.sessionRequired);
  const branch = await branchFind(db, input.branchId);
  const found = branch ? await companyWithCountryFind(db, branch.companyId) : undefined;
  if (!branch || !found) throw notFound(`No existe la sucursal ${input.branchId}`);
  const phone = phoneToE164(input.phone, found.country.code.toLowerCase());
  if (session.companyId !== branch.companyId || phone !== session.phone) {
    throw new HttpError(403, customerAuthMessages.sessionOtherPhone);
  }
  return { companyId: branch.companyId, phone: session.phone };
}

export async function customerProfileGet(
  db: Queryable,
  input: { phone: string; branchId: number; token: string | undefined; now: number },
): Promise<CustomerProfileView> {
  const own = await customerOwnPhoneAt(db, input);
  const customer = await customerFind(db, own.companyId, own.phone);
  return {
    optIn: customer?.optIn ?? false,
    addressesRegistered: customer?.addressesRegistered ?? [],
    name: customer?.name ?? null,
    phone: own.phone,
    loyaltyPointsBalance: customer?.loyaltyPointsBalance ?? 0,
  };
}
