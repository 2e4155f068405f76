import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import { orders } from '../src/db/schema/orders';
import { tenantLoad } from './support/diner-fixture';
import { WEDNESDAY_1300 } from './support/order-fixture';
import {
  eventually,
  generousOrderLimits,
  paymentsTenant,
  paymentsTestConfig,
  sandboxToken,
} from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 17: a client written to the spec's own contract (ordering §3 "Order payload", §7 "The calls it
// makes") orders unchanged. Every request below uses the spec's path and field names and carries no header
// of ours: no Idempotency-Key, no session, no orderModeId on the menu. A venue's existing app or kiosk is
// this client.

/** Inside Fuego Palermo's 'Cercana' zone. */
const HOME = { fullAddress: 'Honduras 5200, Palermo, CABA', lat: -34.585, lng: -58.425 };
const PHONE = '+5491155557788';

describe.each(testDatabaseKinds())('a client written to the spec, end to end, on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generousOrderLimits, payments: paymentsTestConfig() });

  /** A request exactly as a spec client sends it: a JSON body when there is one, nothing else. */
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  beforeAll(async () => {
    // The example tenant, its delivery paid by card through the sandbox provider.
    const tenant = paymentsTenant() as {
      branches: {
        branchContacts: { orderModes: { type: string; paymentTypes: Record<string, unknown>[] }[] }[];
      }[];
    };
    const delivery = tenant.branches[0]?.branchContacts[0]?.orderModes.find(
      (mode) => mode.type === 'DELIVERY',
    );
    for (const type of delivery?.paymentTypes ?? []) {
      if (type.paymentMethod === 'CARD_ONLINE') type.onlinePayment = { providerName: 'MERCADOPAGO' };
    }
    await tenantLoad(ctx, tenant);
    // Palermo delivers with its own riders: one is on shift.
    await ctx.database.db.update(riders).set({ active: true, approved: true });
    ctx.app.clock.pin(WEDNESDAY_1300);
  });

  it('entity → menu → delivery fee → code → order → card payment → follow-up', async () => {
    // §7 GET api/diner/{alias}: the location, its modes and payment types.
    const entity = await call('GET', '/api/diner/fuego-palermo');
    expect(entity.status).toBe(200);
    expect(entity.body.type).toBe('BRANCH_CONTACT');
    const location = entity.body.branchContact;
    const delivery = location.deliveryConfig.orderModes.find(
      (mode: { type: string }) => mode.type === 'DELIVERY',
    );
    const card = delivery.paymentTypes.find(
      (type: { paymentMethod: string }) => type.paymentMethod === 'CARD_ONLINE',
    );
    expect(card).toBeDefined();

    // §7 GET /api/diner/{branchContactAlias}/menu/{branchContactId}: no order mode asked for; the spec's
    // shape carries every plate at the top level beside categories, remarkeds and upselleds.
    const menu = await call('GET', `/api/diner/fuego-palermo/menu/${location.id}`);
    expect(menu.status).toBe(200);
    expect(menu.headers.etag).toBeTruthy();
    const inCategories = menu.body.categories.flatMap((category: { plates: unknown[] }) => category.plates);
    expect(menu.body.plates).toEqual(inCategories);
    expect(Array.isArray(menu.body.remarkeds)).toBe(true);
    expect(Array.isArray(menu.body.upselleds)).toBe(true);
    // The location's first mode in the venue's order (delivery); our storefront, which names the mode,
    // gets the same menu without the copy of every plate.
    const named = await call(
      'GET',
      `/api/diner/fuego-palermo/menu/${location.id}?orderModeId=${delivery.id}`,
    );
    expect(named.body.categories).toEqual(menu.body.categories);
    expect(named.body).not.toHaveProperty('plates');
    const fries = menu.body.plates.find((plate: { showName: string }) => plate.showName === 'Papas fritas');
    expect(fries).toBeDefined();

    // §7 GET /api/branch/{id}/deliveryzones/fee: the address is inside a zone.
    const fee = await call(
      'GET',
      `/api/branch/${location.id}/deliveryzones/fee?lat=${HOME.lat}&lng=${HOME.lng}` +
        `&fullAddress=${encodeURIComponent(HOME.fullAddress)}&city=CABA&phone=${encodeURIComponent(PHONE)}`,
    );
    expect(fee.status).toBe(200);
    expect(fee.body.insideDeliveryArea).toBe(true);

    // §7 POST /api/codediscounts/validate: code plus context (paymentId, phone, orderDate, branchId).
    const code = await call('POST', '/api/codediscounts/validate', {
      code: 'papas',
      paymentId: card.id,
      phone: PHONE,
      orderDate: new Date(WEDNESDAY_1300).toISOString(),
      branchId: location.branchId,
    });
    expect(code.status).toBe(200);
    expect(code.body).toMatchObject({ code: 'PAPAS', type: 'FIXED', value: 1000 });

    // §3 "Order payload", every field by the spec's name; the coupon as a discount entry with its code.
    const order = (price: number) => ({
      orderText: 'Pedido desde el kiosco',
      items: [
        {
          referenceId: fries.id,
          referenceType: 'PLATE',
          name: fries.showName,
          quantity: 2,
          price: fries.price,
          notes: '',
        },
      ],
      type: 'DELIVERY',
      price,
      userServiceFee: 0,
      paymentType: { id: card.id, paymentMethod: 'CARD_ONLINE', upload: 'API' },
      branchContact: { id: location.id },
      source: 'DIRECT',
      destination: { ...HOME, betweenStreets: 'Thames y Uriarte', city: 'CABA' },
      phone: PHONE,
      customerName: 'Kiosco Palermo',
      customerEmail: 'kiosco@example.com',
      optIn: false,
      installedApp: false,
      discounts: [{ name: 'PAPAS', type: 'FIXED', value: 1000, amount: 1000, code: 'PAPAS' }],
      surcharges: [],
      notes: 'Tocar timbre',
      deliveryFee: fee.body.fee,
      orderModeId: delivery.id,
      scheduled: false,
      acquisitionChannel: 'DIRECT',
      minDelayInMinutes: delivery.minDelayInMinutes,
      maxDelayInMinutes: delivery.maxDelayInMinutes,
      // A client cannot declare itself paid: the server sets the status from the payment type.
      paymentInfo: { status: 'PAID', paymentUpload: 'API' },
      analyticsInfo: { sessionId: 'kiosco-1' },
    });
    // The client's own total is off (it forgot the service fee): the server's breakdown says why.
    const refused = await call('POST', '/api/order', order(1));
    expect(refused.status).toBe(409);
    const price = refused.body.breakdown.price;
    expect(refused.body.breakdown.discounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'PAPAS', amount: 1000 })]),
    );
    // A double submit fired at once: one order.
    const [placed, again] = await Promise.all([
      call('POST', '/api/order', order(price)),
      call('POST', '/api/order', order(price)),
    ]);
    expect(placed.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.code).toBe(placed.body.code);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.phone, PHONE));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeDiscountId).not.toBeNull();
    // ordering §5: PROCESSING when the payment type's upload is API — whatever the client said.
    expect(rows[0]?.paymentStatus).toBe('PROCESSING');

    // §7 POST /api/order/payment: token, paymentMethodId, dinerOrderId, cardName, identification.
    const token = await sandboxToken(ctx, '4509 9535 6623 3704');
    const paid = await call('POST', '/api/order/payment', {
      token,
      paymentMethodId: 'visa',
      dinerOrderId: placed.body.code,
      cardName: 'KIOSCO PALERMO',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.code).toBe(placed.body.code);

    // Follow-up §7 GET /api/diner/{branchContactId}/order/{orderCode}: read as a whole.
    const followUp = await eventually(async () => {
      const read = await call('GET', `/api/diner/${location.id}/order/${placed.body.code}`);
      return read.body.paymentStatus === 'PAID' ? read : undefined;
    }, 8_000);
    expect(followUp?.status).toBe(200);
    expect(followUp?.body).toMatchObject({
      code: placed.body.code,
      status: 'GENERATED',
      orderModeId: delivery.id,
      generalCodeDiscount: 'PAPAS',
      price,
    });
  });
});
