/**
 * 'Mis pedidos' (`GET /api/orders`, ordering §7; ADR 027): the signed-in
 * customer's orders at one location, newest first, a page at a time. Only
 * with a session for the query's phone at the location's company (ADR 018):
 * 401 without one, 403 with another phone's or another company's; nothing
 * about the phone or its orders is answered either way.
 */
import { sessionMessages } from '@comanda/domain/messages';
import { phoneToE164 } from '@comanda/domain/phone';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { dinerOrderPresent } from '../presenters/diner-orders-presenter';
import { dinerOrdersPage } from '../repositories/diner-orders-repository';
import { placementContextFind } from '../repositories/order-placement-repository';
import { DINER_ORDERS_PAGE_SIZE, type DinerOrdersView } from '../schemas/diner-orders';
import { customerAuthMessages, customerSessionOf } from './customer-auth-service';

export async function dinerOrdersList(
  db: Queryable,
  input: { phone: string; branchContactId: number; offset: number; token: string | undefined; now: number },
): Promise<DinerOrdersView> {
  // The session first: without one, not even whether the location or the phone exists is told.
  const session = await customerSessionOf(db, input.token, input.now);
  if (!session) throw new HttpError(401, customerAuthMessages.sessionRequired);
  const found = await placementContextFind(db, input.branchContactId, 0);
  if (!found) {
    const message = customerAuthMessages.branchContactUnknown(input.branchContactId);
    throw new HttpError(400, message, { branchContactId: message });
  }
  const phone = phoneToE164(input.phone, found.country.code.toLowerCase());
  if (!phone) throw new HttpError(400, sessionMessages.phoneInvalid, { phone: sessionMessages.phoneInvalid });
  if (session.companyId !== found.company.id || session.phone !== phone) {
    throw new HttpError(403, customerAuthMessages.sessionOtherPhone);
  }
  const { branchContact, country } = found;
  const page = await dinerOrdersPage(
    db,
    { companyId: found.company.id, branchContactId: branchContact.id, phone: session.phone },
    { offset: input.offset, limit: DINER_ORDERS_PAGE_SIZE },
  );
  const context = {
    branchContact: { id: branchContact.id, alias: branchContact.alias, name: branchContact.name },
    mantissaLength: country.mantissaLength,
    now: input.now,
  };
  return {
    orders: page.rows.map((row) =>
      dinerOrderPresent(
        row,
        page.lines.filter((line) => line.orderId === row.id),
        context,
      ),
    ),
    offset: input.offset,
    pageSize: DINER_ORDERS_PAGE_SIZE,
    nextOffset: page.hasMore ? input.offset + DINER_ORDERS_PAGE_SIZE : null,
  };
}
