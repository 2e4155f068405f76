import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import { orders, payments } from '../src/db/schema/orders';
import { branchContacts, companies } from '../src/db/schema/tenant';
import { rooms } from '../src/plugins/app/realtime';
import {
  appListen,
  CHISPA_OWNER,
  clasicaLine,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  freshPhone,
  orderPlace,
  palermoTakeAway,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  type LocationIds,
  locationIds,
  orderPost,
  THURSDAY_1300,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// What the orders console reads and changes: the board (states, counts,
// newest first, scheduled, unpaid card orders, paging), the order detail,
// the venue controls the storefront follows, the outbox and the payment link.

/** Buenos Aires local time → epoch ms (UTC−3). */
const local = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);
const NEAR = {
  fullAddress: 'Honduras 5200, Palermo, CABA',
  lat: -34.585,
  lng: -58.425,
  betweenStreets: 'Thames y Uriarte',
};

describe.each(testDatabaseKinds())('orders console on %s', (kind) => {
  const ctx = useTestApp(kind);
  let fuegoId = 0;
  let palermo: LocationIds;
  let chispa: LocationIds;
  let owner = '';
  let staff = '';
  const db = () => ctx.database.db;
  const move = (orderId: number, status: string, reason?: string) =>
    request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
      token: owner,
      payload: reason ? { status, reason } : { status },
    });
  const delivery = (overrides: Record<string, unknown> = {}) => ({
    orderModeId: palermo.modes.DELIVERY,
    branchContact: { id: palermo.id },
    type: 'DELIVERY',
    items: [clasicaLine(palermo, 'DELIVERY')],
    price: 10470,
    paymentType: { id: palermo.paymentTypes.DELIVERY?.BANK_TRANSFER },
    destination: NEAR,
    phone: freshPhone(),
    customerName: 'Ana Pérez',
    ...overrides,
  });

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    chispa = await locationIds(ctx, 'chispa-palermo');
    // Palermo delivers with its own riders: put them on shift so delivery orders are taken.
    await db()
      .update(riders)
      .set({ active: true, acceptsCash: true })
      .where(eq(riders.branchContactId, palermo.id));
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('the board', () => {
    // Orders of one service day (Thursday), placed a minute apart, so `since` isolates them.
    const since = new Date(THURSDAY_1300 - 60_000).toISOString();
    const placed: Record<string, { id: number; code: string }> = {};
    const board = (query = '') =>
      request(
        ctx,
        'GET',
        `/api/console/orders?branchContactId=${palermo.id}&since=${encodeURIComponent(since)}${query}`,
        { token: staff },
      );

    beforeAll(async () => {
      // Sessions were opened on Wednesday: log in again on Thursday.
      ctx.app.clock.pin(THURSDAY_1300);
      staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      owner = await staffLogin(ctx, FUEGO_OWNER);
      const steps: [string, string[]][] = [
        ['generated', []],
        ['accepted', ['ACCEPTED']],
        ['ready', ['ACCEPTED', 'READY']],
        ['delivered', ['ACCEPTED', 'READY', 'DELIVERED']],
        ['canceled', ['CANCELED']],
        ['card', []],
        ['cardCanceled', ['CANCELED']],
      ];
      for (const [index, [name, path]] of steps.entries()) {
        ctx.app.clock.pin(THURSDAY_1300 + index * 60_000);
        const card = name.startsWith('card');
        placed[name] = await orderPlace(
          ctx,
          palermoTakeAway(
            palermo,
            card ? { paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CARD_ONLINE }, paysWith: null } : {},
          ),
        );
        for (const status of path) {
          expect(
            (await move(placed[name]?.id as number, status, status === 'CANCELED' ? 'Prueba' : undefined))
              .status,
          ).toBe(200);
        }
      }
      // Scheduled for Thursday night, placed last.
      ctx.app.clock.pin(THURSDAY_1300 + steps.length * 60_000);
      placed.scheduled = await orderPlace(
        ctx,
        palermoTakeAway(palermo, { scheduledAt: new Date(local('2025-06-05T21:00:00')).toISOString() }),
      );
    });

    it('lists the day newest first with counts per state and the unpaid card orders', async () => {
      const { status, body, headers } = await board();
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.orders.map((order: { id: number }) => order.id)).toEqual(
        ['scheduled', 'cardCanceled', 'card', 'canceled', 'delivered', 'ready', 'accepted', 'generated'].map(
          (name) => placed[name]?.id,
        ),
      );
      expect(body).toMatchObject({
        total: 8,
        offset: 0,
        limit: 50,
        // The order scheduled for 21:00 is for later (ADR 049): counted apart, not among the new ones.
        counts: { new: 2, accepted: 1, ready: 1, delivered: 1, canceled: 2, scheduled: 1 },
        // The card order still unpaid; the canceled one no longer counts.
        unpaidCardOrders: 1,
      });
      const card = body.orders.find((order: { id: number }) => order.id === placed.card?.id);
      expect(card).toMatchObject({
        code: placed.card?.code,
        status: 'GENERATED',
        type: 'TAKE_AWAY',
        paymentType: { showName: 'Tarjeta online', paymentMethod: 'CARD_ONLINE' },
        // Stored PROCESSING at placement (its payment type uploads through the API), but nobody paid yet.
        paymentStatus: 'PROCESSING',
        paymentState: 'UNPAID',
        paid: false,
        price: 7650,
        itemsCount: 1,
        customerName: 'Ana Pérez',
        orderedAt: new Date(THURSDAY_1300 + 5 * 60_000).toISOString(),
      });
      expect(body.orders[0]).toMatchObject({
        scheduled: true,
        scheduledAt: new Date(local('2025-06-05T21:00:00')).toISOString(),
        scheduledLater: true,
      });
      expect(card).toMatchObject({ scheduled: false, scheduledLater: false });
    });

    it('counts a scheduled order among the new ones from an hour before its time, not before (ADR 049)', async () => {
      const scheduledCard = (body: { orders: { id: number; scheduledLater: boolean }[] }) =>
        body.orders.find((order) => order.id === placed.scheduled?.id)?.scheduledLater;
      ctx.app.clock.pin(local('2025-06-05T19:59:00'));
      const before = (await board()).body;
      expect(before.counts).toMatchObject({ new: 2, scheduled: 1 });
      expect(scheduledCard(before)).toBe(true);
      ctx.app.clock.pin(local('2025-06-05T20:00:00'));
      const due = (await board()).body;
      expect(due.counts).toMatchObject({ new: 3, scheduled: 0 });
      expect(scheduledCard(due)).toBe(false);
      ctx.app.clock.pin(THURSDAY_1300 + 10 * 60_000);
    });

    it('filters by one or several states and pages through them', async () => {
      const fresh = await board('&state=new');
      expect(fresh.body.orders.map((order: { id: number }) => order.id)).toEqual(
        ['scheduled', 'card', 'generated'].map((name) => placed[name]?.id),
      );
      expect(fresh.body.total).toBe(3);
      // Counts stay those of the whole board.
      expect(fresh.body.counts.canceled).toBe(2);
      const done = await board('&state=delivered&state=canceled');
      expect(done.body.orders.map((order: { status: string }) => order.status).sort()).toEqual([
        'CANCELED',
        'CANCELED',
        'DELIVERED',
      ]);
      const page = await board('&limit=3&offset=3');
      expect(page.body.orders.map((order: { id: number }) => order.id)).toEqual(
        ['canceled', 'delivered', 'ready'].map((name) => placed[name]?.id),
      );
      expect(page.body).toMatchObject({ total: 8, offset: 3, limit: 3 });
      const bad = await board('&state=lost');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields)[0]).toMatch(/^querystring\.state/);
    });

    it('stops counting a card order once it is paid', async () => {
      await db()
        .update(orders)
        .set({ paymentStatus: 'PAID' })
        .where(eq(orders.id, placed.card?.id as number));
      try {
        const { body } = await board();
        expect(body.unpaidCardOrders).toBe(0);
        expect(body.orders.find((order: { id: number }) => order.id === placed.card?.id)).toMatchObject({
          paid: true,
          paymentState: 'PAID',
        });
      } finally {
        await db()
          .update(orders)
          .set({ paymentStatus: 'PROCESSING' })
          .where(eq(orders.id, placed.card?.id as number));
      }
    });
  });

  describe('the board window and the payment state', () => {
    const HOUR = 3_600_000;
    const OPEN = ['GENERATED', 'ACCEPTED', 'READY'];
    const COLUMN: Record<string, string> = {
      GENERATED: 'new',
      ACCEPTED: 'accepted',
      READY: 'ready',
      DELIVERED: 'delivered',
      CANCELED: 'canceled',
    };
    interface Card {
      id: number;
      status: string;
      scheduledLater: boolean;
      paymentState: string;
      paymentStatus: string;
      paymentType: { paymentMethod: string } | null;
    }
    /** The whole board (one page holds it) as the console loads it: no `since`. */
    const wholeBoard = async (token: string, query = '') => {
      const answer = await request(
        ctx,
        'GET',
        `/api/console/orders?branchContactId=${palermo.id}&limit=100${query}`,
        { token },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBeLessThanOrEqual(100);
      return answer.body as {
        orders: Card[];
        total: number;
        counts: Record<string, number>;
        unpaidCardOrders: number;
      };
    };
    /** The counts a board must carry: those of the orders it shows, and its cards still payable. */
    const tallyOf = (orders: Card[]) => {
      const counts: Record<string, number> = {
        new: 0,
        accepted: 0,
        ready: 0,
        delivered: 0,
        canceled: 0,
        scheduled: 0,
      };
      for (const order of orders) {
        const column = order.scheduledLater ? 'scheduled' : (COLUMN[order.status] as string);
        counts[column] = (counts[column] ?? 0) + 1;
      }
      const unpaidCardOrders = orders.filter(
        (order) => OPEN.includes(order.status) && ['UNPAID', 'PROCESSING'].includes(order.paymentState),
      ).length;
      return { counts, unpaidCardOrders };
    };
    const ids = (board: { orders: Card[] }) => board.orders.map((order) => order.id);
    const cardOf = (board: { orders: Card[] }, id: number) => board.orders.find((order) => order.id === id);

    it('keeps every open order whatever its age, and the finished ones of the last 24 hours only, counted alike', async () => {
      let token = await staffLogin(ctx, FUEGO_OWNER);
      const moveAs = async (orderId: number, path: string[]) => {
        for (const status of path) {
          const answer = await request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
            token,
            payload: status === 'CANCELED' ? { status, reason: 'Prueba' } : { status },
          });
          expect(answer.status).toBe(200);
        }
      };
      // Wednesday: a busy service. Some orders are left open, some finished.
      const old = {
        open: await orderPlace(ctx, palermoTakeAway(palermo)),
        accepted: await orderPlace(ctx, palermoTakeAway(palermo)),
        delivered: await orderPlace(ctx, palermoTakeAway(palermo)),
        canceled: await orderPlace(ctx, palermoTakeAway(palermo)),
        deliveredLate: await orderPlace(ctx, palermoTakeAway(palermo)),
        card: await orderPlace(
          ctx,
          palermoTakeAway(palermo, {
            paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CARD_ONLINE },
            paysWith: null,
          }),
        ),
      };
      await moveAs(old.accepted.id, ['ACCEPTED']);
      await moveAs(old.delivered.id, ['ACCEPTED', 'READY', 'DELIVERED']);
      await moveAs(old.canceled.id, ['CANCELED']);
      await moveAs(old.deliveredLate.id, ['ACCEPTED', 'READY']);
      const sameDay = await wholeBoard(token);
      expect(ids(sameDay)).toEqual(expect.arrayContaining([old.delivered.id, old.canceled.id]));
      expect(cardOf(sameDay, old.card.id)?.paymentState).toBe('UNPAID');
      expect(sameDay).toMatchObject(tallyOf(sameDay.orders));

      // Thursday evening, 30 hours later: the forgotten order is handed over now.
      ctx.app.clock.pin(WEDNESDAY_1300 + 30 * HOUR);
      token = await staffLogin(ctx, FUEGO_OWNER);
      await moveAs(old.deliveredLate.id, ['DELIVERED']);
      const board = await wholeBoard(token);
      // Still open: on the board, however old.
      expect(ids(board)).toEqual(
        expect.arrayContaining([old.open.id, old.accepted.id, old.card.id, old.deliveredLate.id]),
      );
      // Finished more than 24 hours ago: off the board, and out of its counts.
      expect(ids(board)).not.toContain(old.delivered.id);
      expect(ids(board)).not.toContain(old.canceled.id);
      expect(board.total).toBe(board.orders.length);
      expect(board).toMatchObject(tallyOf(board.orders));
      // The old card order is past its payment window: expired, no longer counted as unpaid.
      expect(cardOf(board, old.card.id)).toMatchObject({ status: 'GENERATED', paymentState: 'EXPIRED' });
      expect(board.unpaidCardOrders).toBe(
        board.orders.filter((order) => order.paymentState === 'UNPAID' && OPEN.includes(order.status)).length,
      );
      // Each column filter reads the same board.
      const done = await wholeBoard(token, '&state=delivered&state=canceled');
      expect(ids(done)).toContain(old.deliveredLate.id);
      expect(ids(done)).not.toContain(old.delivered.id);
      expect(done.total).toBe((board.counts.delivered ?? 0) + (board.counts.canceled ?? 0));
    });

    it('shows an unpaid API-upload card order as unpaid, processing only while a payment is at the provider, then expired', async () => {
      const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const placedAt = WEDNESDAY_1300 + 10 * 60_000;
      ctx.app.clock.pin(placedAt);
      const before = await wholeBoard(token);
      const placed = await orderPlace(
        ctx,
        palermoTakeAway(palermo, {
          paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CARD_ONLINE },
          paysWith: null,
        }),
      );
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
      // The spec's stored value: PROCESSING when the payment type uploads through the API.
      expect(row).toMatchObject({ paymentUpload: 'API', paymentStatus: 'PROCESSING' });
      const detail = async () => {
        const answer = await request(ctx, 'GET', `/api/console/orders/${placed.id}`, { token });
        expect(answer.status).toBe(200);
        return answer.body;
      };

      // Placed, nothing paid: unpaid on the board and in the detail, and counted.
      let board = await wholeBoard(token);
      expect(cardOf(board, placed.id)).toMatchObject({ paymentStatus: 'PROCESSING', paymentState: 'UNPAID' });
      expect(board.unpaidCardOrders).toBe(before.unpaidCardOrders + 1);
      expect(await detail()).toMatchObject({ paymentState: 'UNPAID', paid: false });

      // The diner's card is at the provider, which has not answered yet: processing.
      const [payment] = await db()
        .insert(payments)
        .values({
          companyId: fuegoId,
          orderId: placed.id,
          provider: 'SANDBOX',
          status: 'PROCESSING',
          amount: row?.price as number,
          idempotencyKey: `test-${randomUUID()}`,
          detail: { kind: 'CARD' },
        })
        .returning();
      try {
        ctx.app.clock.pin(placedAt + 60_000);
        board = await wholeBoard(token);
        expect(cardOf(board, placed.id)?.paymentState).toBe('PROCESSING');
        expect(board.unpaidCardOrders).toBe(before.unpaidCardOrders + 1);
        expect(await detail()).toMatchObject({ paymentState: 'PROCESSING', paid: false });
      } finally {
        await db()
          .delete(payments)
          .where(eq(payments.id, payment?.id as number));
      }

      // Two hours after it was placed it is still within its window; a moment later it expired.
      ctx.app.clock.pin(placedAt + 2 * HOUR);
      expect(cardOf(await wholeBoard(token), placed.id)?.paymentState).toBe('UNPAID');
      ctx.app.clock.pin(placedAt + 2 * HOUR + 1);
      board = await wholeBoard(token);
      expect(cardOf(board, placed.id)).toMatchObject({
        paymentStatus: 'PROCESSING',
        paymentState: 'EXPIRED',
      });
      expect(board.unpaidCardOrders).toBe(tallyOf(board.orders).unpaidCardOrders);
      expect(await detail()).toMatchObject({ paymentState: 'EXPIRED', paid: false });
      // Not counted among the unpaid any more (it cannot be paid).
      const canceled = await request(ctx, 'POST', `/api/console/orders/${placed.id}/status`, {
        token,
        payload: { status: 'CANCELED', reason: 'Pago vencido' },
      });
      expect(canceled.status).toBe(200);
      expect((await wholeBoard(token)).unpaidCardOrders).toBe(board.unpaidCardOrders);
    });
  });

  it('shows an order in full: items with extras and notes, contact links, address, payment, amounts', async () => {
    const placed = await orderPlace(
      ctx,
      delivery({
        items: [clasicaLine(palermo, 'DELIVERY', { notes: 'Sin cebolla', cheddar: true })],
        destination: { ...NEAR, details: 'Timbre 3B' },
        notes: 'Tocar timbre',
        customerName: 'Ana Pérez',
      }),
    );
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    const { status, body } = await request(ctx, 'GET', `/api/console/orders/${placed.id}`, { token: staff });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: placed.id,
      code: placed.code,
      status: 'GENERATED',
      type: 'DELIVERY',
      branchContactId: palermo.id,
      customerName: 'Ana Pérez',
      phone: row?.phone,
      notes: 'Tocar timbre',
      items: [
        {
          quantity: 1,
          name: 'Clásica (Simple)',
          notes: 'Sin cebolla',
          accPrice: 9300,
          extras: [
            { groupName: 'Elegí tu pan', groupItems: [{ name: 'Pan de papa', quantity: 1 }] },
            { groupName: 'Extras', groupItems: [{ name: 'Cheddar extra', quantity: 1 }] },
          ],
        },
      ],
      itemsPrice: 9300,
      deliveryFee: 1500,
      paymentType: { showName: 'Transferencia', paymentMethod: 'BANK_TRANSFER' },
      paid: false,
      price: placed.price,
      destination: {
        fullAddress: NEAR.fullAddress,
        betweenStreets: 'Thames y Uriarte',
        details: 'Timbre 3B',
      },
      destinationMapsUrl: 'https://www.google.com/maps/dir/?api=1&destination=-34.585,-58.425',
      scheduled: false,
      scheduledAt: null,
      nextStatuses: ['ACCEPTED', 'CANCELED'],
      reports: [],
      orderText: expect.stringContaining('Entrecalles: Thames y Uriarte'),
    });
    const text = `Hola Ana Pérez, te escribimos de Fuego Palermo por tu pedido ${placed.code}.`;
    expect(body.customerWhatsAppUrl).toBe(
      `https://wa.me/${row?.phone?.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`,
    );
  });

  it('shows the table of a dine-in order and no maps link', async () => {
    const placed = await orderPlace(ctx, {
      orderModeId: palermo.modes.DINE_IN,
      branchContact: { id: palermo.id },
      items: [clasicaLine(palermo, 'DINE_IN')],
      price: 9800,
      paymentType: { id: palermo.paymentTypes.DINE_IN?.CASH },
      paysWith: 10000,
      tableUid: '12',
      phone: freshPhone(),
      customerName: 'Mesa doce',
    });
    const { body } = await request(ctx, 'GET', `/api/console/orders/${placed.id}`, { token: staff });
    expect(body).toMatchObject({
      type: 'DINE_IN',
      table: '12',
      paysWith: 10000,
      surcharges: [{ name: 'Servicio de mesa', amount: 800 }],
      destination: null,
      destinationMapsUrl: null,
    });
  });

  it("shows where a link brought the order from: the table QR code's source and campaign", async () => {
    const placed = await orderPlace(ctx, {
      orderModeId: palermo.modes.DINE_IN,
      branchContact: { id: palermo.id },
      items: [clasicaLine(palermo, 'DINE_IN')],
      price: 9800,
      paymentType: { id: palermo.paymentTypes.DINE_IN?.CASH },
      paysWith: 10000,
      tableUid: '7',
      source: 'qr-mesa',
      acquisitionChannel: 'qr-mesa',
      campaignId: 'otono-2026',
      phone: freshPhone(),
      customerName: 'Mesa siete',
    });
    const { body } = await request(ctx, 'GET', `/api/console/orders/${placed.id}`, { token: staff });
    expect(body).toMatchObject({ table: '7', acquisitionChannel: 'qr-mesa', campaignId: 'otono-2026' });
    const plain = await orderPlace(ctx, palermoTakeAway(palermo));
    const read = await request(ctx, 'GET', `/api/console/orders/${plain.id}`, { token: staff });
    expect(read.body).toMatchObject({ campaignId: null });
  });

  describe('venue controls', () => {
    const version = async () =>
      (await db().select({ v: companies.contentVersion }).from(companies).where(eq(companies.id, fuegoId)))[0]
        ?.v;
    const dinerContact = async () =>
      (await request(ctx, 'GET', `/api/diner/branchcontacts/${palermo.id}`)).body as {
        manualClosing: boolean;
        deliveryConfig: { orderModes: { id: number; orderEnabled: boolean }[] };
      };

    it("gives the console each location's time zone: its own, else its country's", async () => {
      const zones = async () =>
        Object.fromEntries(
          (await request(ctx, 'GET', '/api/console/branchcontacts', { token: owner })).body.map(
            (contact: { alias: string; timeZone: string }) => [contact.alias, contact.timeZone],
          ),
        );
      expect((await zones())['fuego-palermo']).toBe('America/Argentina/Buenos_Aires');
      await db()
        .update(branchContacts)
        .set({ timezone: 'America/Montevideo' })
        .where(eq(branchContacts.id, palermo.id));
      try {
        expect(await zones()).toMatchObject({
          'fuego-palermo': 'America/Montevideo',
          'fuego-belgrano': 'America/Argentina/Buenos_Aires',
        });
      } finally {
        await db().update(branchContacts).set({ timezone: null }).where(eq(branchContacts.id, palermo.id));
      }
    });

    it('closes a location by hand: the storefront shows it closed and takes no order now', async () => {
      const baseUrl = await appListen(ctx);
      const socket = await socketConnect(baseUrl, staff);
      try {
        expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
        const before = await version();
        const heard = socketNext(socket, 'branch-contact-updated');
        const closed = await request(ctx, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
          token: staff,
          payload: { manualClosing: true },
        });
        expect(closed.status).toBe(200);
        expect(closed.body).toMatchObject({
          changed: true,
          branchContact: { id: palermo.id, alias: 'fuego-palermo', manualClosing: true },
        });
        await expect(heard).resolves.toMatchObject({ id: palermo.id, manualClosing: true });
        expect(await version()).toBe((before ?? 0) + 1);
        expect((await dinerContact()).manualClosing).toBe(true);
        const refused = await orderPost(ctx, palermoTakeAway(palermo));
        expect(refused.status).toBe(400);

        // Closing a closed location changes nothing.
        const again = await request(ctx, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
          token: staff,
          payload: { manualClosing: true },
        });
        expect(again.body.changed).toBe(false);
        expect(await version()).toBe((before ?? 0) + 1);
      } finally {
        socket.close();
        await request(ctx, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
          token: staff,
          payload: { manualClosing: false },
        });
      }
      expect((await dinerContact()).manualClosing).toBe(false);
      expect((await orderPost(ctx, palermoTakeAway(palermo))).status).toBe(201);
    });

    it("disables ordering in one order mode: 'Menú informativo. Pedidos deshabilitados.'", async () => {
      const modeId = palermo.modes.TAKE_AWAY as number;
      const before = await version();
      const off = await request(ctx, 'PUT', `/api/console/ordermodes/${modeId}/ordering`, {
        token: staff,
        payload: { orderEnabled: false },
      });
      try {
        expect(off.status).toBe(200);
        expect(off.body.changed).toBe(true);
        expect(off.body.branchContact.orderModes).toContainEqual(
          expect.objectContaining({ id: modeId, type: 'TAKE_AWAY', orderEnabled: false }),
        );
        expect(await version()).toBe((before ?? 0) + 1);
        const mode = (await dinerContact()).deliveryConfig.orderModes.find(
          (candidate) => candidate.id === modeId,
        );
        expect(mode?.orderEnabled).toBe(false);
        const refused = await orderPost(ctx, palermoTakeAway(palermo));
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toEqual({ orderModeId: 'Menú informativo. Pedidos deshabilitados.' });
        // Other modes still take orders.
        expect((await orderPost(ctx, delivery())).status).toBe(201);
        const again = await request(ctx, 'PUT', `/api/console/ordermodes/${modeId}/ordering`, {
          token: staff,
          payload: { orderEnabled: false },
        });
        expect(again.body.changed).toBe(false);
      } finally {
        await request(ctx, 'PUT', `/api/console/ordermodes/${modeId}/ordering`, {
          token: staff,
          payload: { orderEnabled: true },
        });
      }
      expect(await version()).toBe((before ?? 0) + 2);
      expect((await orderPost(ctx, palermoTakeAway(palermo))).status).toBe(201);
    });
  });

  describe('outbox', () => {
    it("lists the location's messages newest first, by status, page by page", async () => {
      // Friday: later than every other test's messages.
      const friday = THURSDAY_1300 + 24 * 3_600_000;
      ctx.app.clock.pin(friday);
      owner = await staffLogin(ctx, FUEGO_OWNER);
      staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const placed = await orderPlace(ctx, palermoTakeAway(palermo));
      ctx.app.clock.pin(friday + 60_000);
      await move(placed.id, 'ACCEPTED');
      ctx.app.clock.pin(friday + 120_000);
      await move(placed.id, 'READY');
      const chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
      const other = await orderPlace(ctx, palermoTakeAway(chispa));
      await request(ctx, 'POST', `/api/console/orders/${other.id}/status`, {
        token: chispaOwner,
        payload: { status: 'ACCEPTED' },
      });

      const { status, body } = await request(
        ctx,
        'GET',
        `/api/console/outbox?branchContactId=${palermo.id}`,
        {
          token: staff,
        },
      );
      expect(status).toBe(200);
      expect(body.messages.slice(0, 2)).toMatchObject([
        { orderCode: placed.code, kind: 'ORDER_READY', status: 'PENDING', attempts: 0, sentAt: null },
        { orderCode: placed.code, kind: 'ORDER_ACCEPTED', status: 'PENDING' },
      ]);
      expect(
        body.messages.every((message: { branchContactId: number }) => message.branchContactId === palermo.id),
      ).toBe(true);
      expect(body.messages.some((message: { orderCode: string }) => message.orderCode === other.code)).toBe(
        false,
      );
      const page = await request(
        ctx,
        'GET',
        `/api/console/outbox?branchContactId=${palermo.id}&limit=1&offset=1`,
        {
          token: staff,
        },
      );
      expect(page.body.messages).toEqual([body.messages[1]]);
      expect(page.body.total).toBe(body.total);
      const sent = await request(
        ctx,
        'GET',
        `/api/console/outbox?branchContactId=${palermo.id}&status=SENT`,
        {
          token: staff,
        },
      );
      expect(sent.body).toMatchObject({ messages: [], total: 0 });
    });
  });

  describe('payment link', () => {
    it('gives the payment link of a payment-link order, the same one twice', async () => {
      const placed = await orderPlace(
        ctx,
        delivery({ paymentType: { id: palermo.paymentTypes.DELIVERY?.PAYMENT_LINK } }),
      );
      const url = `/api/console/orders/${placed.id}/payment-link`;
      const first = await request(ctx, 'POST', url, { token: staff });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ url: expect.stringMatching(/^https?:\/\//), token: expect.any(String) });
      const second = await request(ctx, 'POST', url, { token: staff });
      expect(second.body).toEqual(first.body);
      // Not for a cash order; and checked like every console route.
      const cash = await orderPlace(ctx, palermoTakeAway(palermo));
      expect(
        (await request(ctx, 'POST', `/api/console/orders/${cash.id}/payment-link`, { token: staff })).status,
      ).toBe(409);
      expect((await request(ctx, 'POST', url)).status).toBe(401);
      const chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
      expect((await request(ctx, 'POST', url, { token: chispaOwner })).status).toBe(404);
    });
  });
});
