import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BranchContactSchema,
  CountrySchema,
  DinerEntitySchema,
  MenuCustomizationSchema,
  ScheduleConfigSchema,
} from '../src/schemas/diner';
import { orderModeSchedule } from '../src/services/order-mode-service';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The tenant structure as a diner reads it after importing the shared example:
// alias resolution, branches, locations, order modes and their configuration.
describe.each(testDatabaseKinds())('diner entities on %s', (kind) => {
  const ctx = useTestApp(kind);
  const ids = {
    companyId: 0,
    burgersId: 0,
    cafeId: 0,
    palermoId: 0,
    belgranoId: 0,
    mode: {} as Record<string, number>,
  };

  beforeAll(async () => {
    ids.companyId = await tenantLoad(ctx, tenantExample());
    const burgers = await dinerGet(ctx, '/api/diner/fuego-burgers');
    ids.burgersId = burgers.body.branch.id;
    for (const contact of burgers.body.branchContacts) {
      if (contact.alias === 'fuego-palermo') ids.palermoId = contact.id;
      if (contact.alias === 'fuego-belgrano') ids.belgranoId = contact.id;
      for (const mode of contact.deliveryConfig.orderModes)
        ids.mode[`${contact.alias}:${mode.type}`] = mode.id;
    }
    ids.cafeId = (await dinerGet(ctx, '/api/diner/fuego-cafe')).body.branch.id;
  });

  describe('GET /api/diner/{alias}', () => {
    it('resolves the company alias to COMPANY with its branches and country', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/fuego');
      expect(status).toBe(200);
      expect(Value.Check(DinerEntitySchema, body)).toBe(true);
      expect(body.type).toBe('COMPANY');
      expect(body.company).toEqual({ id: ids.companyId, name: 'Fuego Grupo Gastronómico', alias: 'fuego' });
      expect(body.country).toMatchObject({ code: 'AR', mantissaLength: 0 });
      expect(body.branches.map((branch: { alias: string }) => branch.alias)).toEqual([
        'fuego-burgers',
        'fuego-cafe',
      ]);
    });

    it('resolves a branch alias to BRANCH with theming and its locations with their active modes', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/fuego-burgers');
      expect(status).toBe(200);
      expect(Value.Check(DinerEntitySchema, body)).toBe(true);
      expect(body.type).toBe('BRANCH');
      expect(body.branch).toMatchObject({
        alias: 'fuego-burgers',
        name: 'Fuego Burgers',
        customMessage: 'Hamburguesas a la parrilla desde 2014',
        askForLocation: true,
        social: {
          instagram: 'https://instagram.com/fuegoburgers',
          facebook: 'https://facebook.com/fuegoburgers',
        },
        fbPixelId: '123456789012345',
        googleTagManagerId: 'GTM-FUEGO01',
        googleAnalyticsId: 'G-FUEGO0001',
        generalConfig: {
          colorConfig: { colorModeType: 'DARK', lightMainColor: '#E4572E', darkMainColor: '#FF7A45' },
          menuConfig: { plateDetailInModal: true, platesInMainView: false },
          fontFamily: 'Poppins',
        },
      });
      expect(body.branchContacts.map((contact: { alias: string }) => contact.alias)).toEqual([
        'fuego-palermo',
        'fuego-belgrano',
      ]);
      const belgrano = body.branchContacts[1];
      expect(belgrano.mandatoryEmail).toBe(true);
      expect(belgrano.deliveryConfig.orderModes.map((mode: { type: string }) => mode.type)).toEqual([
        'DELIVERY',
        'TAKE_AWAY',
      ]);
      // Ordering disabled is not inactive: the mode is listed, flagged.
      expect(belgrano.deliveryConfig.orderModes[1]).toMatchObject({ orderEnabled: false, active: true });
    });

    it('leaves unset colours null for the domain to default', async () => {
      const { body } = await dinerGet(ctx, '/api/diner/fuego-cafe');
      expect(body.branch.generalConfig.colorConfig).toMatchObject({
        colorModeType: 'LIGHT',
        lightMainColor: '#6B4226',
        buttonBorderedColorLight: null,
        mainBackgroundColorDark: null,
      });
      expect(body.branch.social).toEqual({ instagram: 'https://instagram.com/fuegocafe', facebook: null });
    });

    it('resolves a branch contact alias to BRANCH_CONTACT with branch, country and order modes', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/fuego-palermo');
      expect(status).toBe(200);
      expect(Value.Check(DinerEntitySchema, body)).toBe(true);
      expect(body.type).toBe('BRANCH_CONTACT');
      const contact = body.branchContact;
      expect(contact).toMatchObject({
        id: ids.palermoId,
        alias: 'fuego-palermo',
        name: 'Fuego Palermo',
        branchId: ids.burgersId,
        callPhone: '+541147770001',
        whatsAppPhone: '+5491147770001',
        address: { street: 'Honduras', number: '4800', zone: 'Palermo Soho', city: 'Buenos Aires' },
        coordinates: { lat: -34.5889, lng: -58.4306 },
        timezone: 'America/Argentina/Buenos_Aires',
        mandatoryEmail: false,
        ordersConsoleActive: true,
        forceCustomerName: true,
        forceCustomerPhone: true,
        commercialTermsInfo: { blocked: false },
        manualClosing: false,
        branch: { alias: 'fuego-burgers', generalConfig: { menuConfig: { plateDetailInModal: true } } },
        country: { code: 'AR', currency: { code: 'ARS', symbol: '$' }, phonePrefix: '54', mantissaLength: 0 },
      });
      expect(contact.deliveryConfig).toMatchObject({
        betweenStreetsRequired: true,
        ownLogistics: true,
        npsAvg: null,
      });
      const modes = contact.deliveryConfig.orderModes;
      expect(modes.map((mode: { type: string; '@type': string }) => [mode.type, mode['@type']])).toEqual([
        ['DELIVERY', 'DELIVERY'],
        ['TAKE_AWAY', 'TAKE_AWAY'],
        ['DINE_IN', 'DINE_IN'],
      ]);
      expect(modes[0]).toMatchObject({
        showName: 'Delivery',
        active: true,
        orderEnabled: true,
        useSchedule: true,
        minDelayInMinutes: 30,
        maxDelayInMinutes: 50,
      });
      expect(modes[0].schedules[0].scheduleConfigs[0].workingDays[4]).toEqual({
        dayOfWeek: 'FRIDAY',
        workingHours: [
          { startAt: '12:00', endAt: '15:30' },
          { startAt: '19:30', endAt: '02:00' },
        ],
      });
      expect(modes[0].paymentTypes).toHaveLength(4);
      expect(modes[0].paymentTypes[1]).toMatchObject({
        showName: 'Tarjeta online',
        description: 'Crédito o débito',
        paymentMethod: 'CARD_ONLINE',
        upload: 'API',
        active: true,
        onlinePayment: { providerName: 'MERCADOPAGO' },
      });
      // Opening hours: the union of the modes' shifts, Monday first.
      expect(contact.deliveryConfig.workingDays[0]).toEqual({
        dayOfWeek: 'MONDAY',
        workingHours: [
          { startAt: '12:00', endAt: '00:00' },
          { startAt: '12:00', endAt: '15:30' },
          { startAt: '12:00', endAt: '23:00' },
          { startAt: '19:30', endAt: '23:30' },
        ],
      });
    });

    it('reads aliases case-insensitively (they are stored lower-case)', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/Fuego-Palermo');
      expect(status).toBe(200);
      expect(body.branchContact.alias).toBe('fuego-palermo');
      const mode = ids.mode['fuego-palermo:DELIVERY'];
      const menu = await dinerGet(ctx, `/api/diner/FUEGO-PALERMO/menu/${ids.palermoId}?orderModeId=${mode}`);
      expect(menu.status).toBe(200);
    });

    it('answers an unknown alias with a JSON 404 naming it', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/fuego-rosario');
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Not Found', message: "No existe el alias 'fuego-rosario'" });
    });
  });

  describe('companies, branches and branch contacts', () => {
    it('GET /api/diner/companies/{companyId} gives name and alias', async () => {
      const { status, body } = await dinerGet(ctx, `/api/diner/companies/${ids.companyId}`);
      expect(status).toBe(200);
      expect(body).toEqual({ id: ids.companyId, name: 'Fuego Grupo Gastronómico', alias: 'fuego' });
    });

    it('pages the branches of a company with the total', async () => {
      const all = await dinerGet(ctx, '/api/diner/companies/fuego/branches?offset=0&pageSize=99');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 2, offset: 0, pageSize: 99 });
      expect(all.body.branches.map((branch: { alias: string }) => branch.alias)).toEqual([
        'fuego-burgers',
        'fuego-cafe',
      ]);

      const first = await dinerGet(ctx, '/api/diner/companies/fuego/branches?pageSize=1');
      expect(first.body.branches.map((branch: { alias: string }) => branch.alias)).toEqual(['fuego-burgers']);
      expect(first.body.total).toBe(2);
      const second = await dinerGet(ctx, '/api/diner/companies/fuego/branches?pageSize=1&offset=1');
      expect(second.body.branches.map((branch: { alias: string }) => branch.alias)).toEqual(['fuego-cafe']);
      const beyond = await dinerGet(ctx, '/api/diner/companies/fuego/branches?offset=5');
      expect(beyond.body).toMatchObject({ branches: [], total: 2, offset: 5, pageSize: 99 });
    });

    it('takes the call as the spec writes it: an empty offset is the first page', async () => {
      for (const query of ['offset=&pageSize=99', 'offset&pageSize=99']) {
        const { status, body } = await dinerGet(ctx, `/api/diner/companies/fuego/branches?${query}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({ total: 2, offset: 0, pageSize: 99 });
      }
      const wrong = await dinerGet(ctx, '/api/diner/companies/fuego/branches?offset=primera');
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual({ 'querystring.offset': 'debe ser un número entero' });
      const negative = await dinerGet(ctx, '/api/diner/companies/fuego/branches?offset=-1&pageSize=0');
      expect(negative.body.fields).toEqual({
        'querystring.offset': 'debe ser mayor o igual a 0',
        'querystring.pageSize': 'debe ser mayor o igual a 1',
      });
    });

    it('answers branches of a non-company alias with 404', async () => {
      const { status, body } = await dinerGet(ctx, '/api/diner/companies/fuego-burgers/branches');
      expect(status).toBe(404);
      expect(body.message).toBe("No existe la empresa 'fuego-burgers'");
    });

    it('GET /api/diner/branchcontacts/{id} gives the spec entity', async () => {
      const { status, body } = await dinerGet(ctx, `/api/diner/branchcontacts/${ids.belgranoId}`);
      expect(status).toBe(200);
      expect(Value.Check(BranchContactSchema, body)).toBe(true);
      expect(body).toMatchObject({
        alias: 'fuego-belgrano',
        mandatoryEmail: true,
        ordersConsoleActive: false,
        branch: { alias: 'fuego-burgers' },
        country: { code: 'AR' },
        deliveryConfig: { betweenStreetsRequired: false, ownLogistics: false },
      });
    });

    it('GET /api/diner/branchordermodes/{branchId} lists the active modes of every location', async () => {
      const { status, body } = await dinerGet(ctx, `/api/diner/branchordermodes/${ids.burgersId}`);
      expect(status).toBe(200);
      expect(
        body.orderModes.map((mode: { branchContactId: number; type: string }) => [
          mode.branchContactId,
          mode.type,
        ]),
      ).toEqual([
        [ids.palermoId, 'DELIVERY'],
        [ids.palermoId, 'TAKE_AWAY'],
        [ids.palermoId, 'DINE_IN'],
        [ids.belgranoId, 'DELIVERY'],
        [ids.belgranoId, 'TAKE_AWAY'],
      ]);
      const belgranoDelivery = body.orderModes[3];
      expect(
        belgranoDelivery.paymentTypes.map((type: { paymentMethod: string }) => type.paymentMethod),
      ).toEqual(['BANK_TRANSFER', 'CASH']);
      expect(belgranoDelivery.schedules[0].scheduleConfigs[0].workingDays).toHaveLength(5);
    });

    it("GET /api/diner/{branchId}/discounts gives the branch's menu discounts with plate ids in every menu", async () => {
      const { status, body } = await dinerGet(ctx, `/api/diner/${ids.burgersId}/discounts`);
      expect(status).toBe(200);
      const byType = Object.fromEntries(
        body.discounts.map((discount: { type: string }) => [discount.type, discount]),
      );
      expect(Object.keys(byType)).toEqual(['PERCENT', 'MULTIPLE', 'FIXED', 'FINAL_PRICE']);
      expect(byType.PERCENT).toMatchObject({ percentage: 15, validDays: [] });
      expect(byType.PERCENT.plates).toHaveLength(1);
      expect(byType.FIXED).toMatchObject({ fixedDiscount: 500 });
      expect(byType.FINAL_PRICE).toMatchObject({ finalPrice: 12900 });
      // 'cerveza' is a plate of both the delivery menu and the dining-room menu.
      expect(byType.MULTIPLE).toMatchObject({ buy: 2, pay: 1, validDays: ['THURSDAY'] });
      expect(byType.MULTIPLE.plates).toHaveLength(2);

      const cafe = await dinerGet(ctx, `/api/diner/${ids.cafeId}/discounts`);
      expect(cafe.body).toEqual({ discounts: [] });
    });
  });

  describe('order mode reads', () => {
    it('gives the take-away general discount, fees and no surcharges', async () => {
      const id = ids.mode['fuego-palermo:TAKE_AWAY'];
      const discounts = await dinerGet(ctx, `/api/ordermodes/${id}/generaldiscounts`);
      expect(discounts.status).toBe(200);
      expect(discounts.body).toEqual({
        discounts: [
          { id: expect.any(Number), name: '10% por retirar', type: 'PERCENT', value: 10, priority: null },
        ],
      });
      expect((await dinerGet(ctx, `/api/ordermodes/${id}/generalsurcharges`)).body).toEqual({
        surcharges: [],
      });
      expect((await dinerGet(ctx, `/api/ordermodes/${id}/fees`)).body).toEqual({
        userFee: 0,
        percentageUserFee: 0,
      });
    });

    it("gives the dining room's 'Servicio de mesa' surcharge in major units", async () => {
      const id = ids.mode['fuego-palermo:DINE_IN'];
      const { status, body } = await dinerGet(ctx, `/api/ordermodes/${id}/generalsurcharges`);
      expect(status).toBe(200);
      expect(body).toEqual({
        surcharges: [{ id: expect.any(Number), name: 'Servicio de mesa', type: 'FIXED', value: 800 }],
      });
    });

    it('gives the delivery service fee', async () => {
      const id = ids.mode['fuego-palermo:DELIVERY'];
      expect((await dinerGet(ctx, `/api/ordermodes/${id}/fees`)).body).toEqual({
        userFee: 300,
        percentageUserFee: 2,
      });
      expect((await dinerGet(ctx, `/api/ordermodes/${id}/generaldiscounts`)).body).toEqual({ discounts: [] });
    });

    it('gives the schedule configuration of a mode', async () => {
      const id = ids.mode['fuego-palermo:DELIVERY'];
      const { status, body } = await dinerGet(ctx, `/api/ordermode/schedule/${id}`);
      expect(status).toBe(200);
      expect(Value.Check(ScheduleConfigSchema, body)).toBe(true);
      expect(body).toMatchObject({
        orderModeId: id,
        useSchedule: true,
        minDelayInMinutes: 30,
        maxDelayInMinutes: 50,
        timezone: 'America/Argentina/Buenos_Aires',
        slotMinutes: 15,
      });
      // The delivery mode opens six days a week: something is always offered within a week.
      expect(body.schedulerDaysInfo.length).toBeGreaterThan(0);
      expect(body.datesBetween).toEqual([body.schedulerDaysInfo[0].date, body.schedulerDaysInfo.at(-1).date]);
      expect(body.schedules[0].scheduleConfigs[0].workingDays).toHaveLength(6);
    });

    it('offers slots from now plus the lead time, past-midnight slots on the day the shift starts', async () => {
      // Friday 10 January 2025, 20:00 in Buenos Aires (UTC-3).
      const now = new Date('2025-01-10T23:00:00Z');
      const delivery = await orderModeSchedule(
        ctx.database.db,
        ids.mode['fuego-palermo:DELIVERY'] as number,
        now,
      );
      const friday = delivery.schedulerDaysInfo[0];
      expect(friday).toMatchObject({ dayOfWeek: 'FRIDAY', date: '2025-01-10' });
      // 20:00 + 30 minutes of lead time; the 19:30–02:00 shift runs into Saturday morning.
      expect(friday?.availableHours[0]).toBe('20:30');
      expect(friday?.availableHours.slice(-3)).toEqual(['01:15', '01:30', '01:45']);
      expect(delivery.schedulerDaysInfo.map((day) => day.date)).toEqual([
        '2025-01-10',
        '2025-01-11',
        '2025-01-13',
        '2025-01-14',
        '2025-01-15',
        '2025-01-16',
      ]);
      expect(delivery.datesBetween).toEqual(['2025-01-10', '2025-01-16']);
      const monday = delivery.schedulerDaysInfo[2];
      expect(monday?.availableHours[0]).toBe('12:00');
      expect(monday?.availableHours).toContain('15:15');
      expect(monday?.availableHours).not.toContain('15:30');
      expect(monday?.availableHours.at(-1)).toBe('23:15');

      const dineIn = await orderModeSchedule(
        ctx.database.db,
        ids.mode['fuego-palermo:DINE_IN'] as number,
        now,
      );
      expect(dineIn.schedulerDaysInfo[0]?.availableHours[0]).toBe('20:15');
    });

    it('gives an empty schedule for a mode without schedules', async () => {
      const id = ids.mode['fuego-belgrano:TAKE_AWAY'];
      const { status, body } = await dinerGet(ctx, `/api/ordermode/schedule/${id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        useSchedule: false,
        schedulerDaysInfo: [],
        datesBetween: null,
        schedules: [],
      });
    });
  });

  describe('country, menu customization and files', () => {
    it('GET /api/country/AR gives the currency and mantissaLength 0', async () => {
      for (const code of ['AR', 'ar']) {
        const { status, body } = await dinerGet(ctx, `/api/country/${code}`);
        expect(status).toBe(200);
        expect(Value.Check(CountrySchema, body)).toBe(true);
        expect(body).toEqual({
          code: 'AR',
          name: 'Argentina',
          currency: { code: 'ARS', symbol: '$' },
          phonePrefix: '54',
          mantissaLength: 0,
          timezone: 'America/Argentina/Buenos_Aires',
        });
      }
    });

    it('gives the menu customization with the defaults where the branch set none', async () => {
      const cafe = await dinerGet(ctx, `/api/menucustomization/${ids.cafeId}`);
      expect(cafe.status).toBe(200);
      expect(Value.Check(MenuCustomizationSchema, cafe.body)).toBe(true);
      expect(cafe.body).toEqual({
        branchId: ids.cafeId,
        resource: null,
        displayType: null,
        theme: null,
        commands: null,
        promotionalBanner: null,
        documentLabel: null,
        orderNotesLimit: 250,
        hasOrderNotesLimit: false,
        itemNotesLimit: 250,
        hasItemNotesLimit: false,
      });

      const burgers = await dinerGet(ctx, `/api/menucustomization/${ids.burgersId}`);
      expect(burgers.body).toMatchObject({
        promotionalBanner: { text: 'Jueves 2x1 en cervezas artesanales', orderModeType: 'ALL' },
        documentLabel: 'DNI',
        orderNotesLimit: 250,
        hasOrderNotesLimit: true,
        itemNotesLimit: 120,
        hasItemNotesLimit: true,
      });
    });

    it('answers a logo that the branch does not have with 404', async () => {
      const { status, body } = await dinerGet(ctx, `/api/diner/file/${ids.burgersId}/url?type=LOGO`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Not Found', message: `No existe el logo de la marca ${ids.burgersId}` });
    });
  });
});
