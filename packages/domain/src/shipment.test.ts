import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SHIPMENT_NORMAL_ORDER,
  SHIPMENT_VIBRATION,
  type Shipment,
  type ShipmentStack,
  type ShipmentStatus,
  shipmentCanCancel,
  shipmentCancelPlan,
  shipmentCanTransition,
  shipmentCustomerDetailsVisible,
  shipmentIsFinished,
  shipmentIsPreDropOff,
  shipmentListWindow,
  shipmentNextAction,
  shipmentNextActionLabel,
  shipmentRecipientVisible,
  shipmentStackAfterUpdate,
  shipmentStackCanUpdate,
  shipmentStackCurrent,
  shipmentStackIsFinished,
  shipmentStackSelect,
  shipmentStackSort,
  shipmentStatusPayload,
  shipmentTransition,
  shipmentWonByOther,
} from './shipment';

const STATUSES: ShipmentStatus[] = [
  'PENDING',
  'STACKING',
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
  'DELIVERED',
  'RETURNED',
  'DRIVER_CANCELED',
  'CANCELED',
];
const ship = (id: string, status: ShipmentStatus, extra: Partial<Shipment> = {}): Shipment => ({
  id,
  status,
  code: id.toUpperCase(),
  riderId: 'r1',
  ...extra,
});
const stackOf = (status: ShipmentStatus, shipments: Shipment[], selectedIndex = 0): ShipmentStack => ({
  id: 'st',
  status,
  shipments,
  selectedIndex,
  riderId: 'r1',
});

describe('follow-up §4.2 Shipment statuses', () => {
  it('has the normal order', () => {
    expect(SHIPMENT_NORMAL_ORDER).toEqual([
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'DELIVERED',
    ]);
  });

  it('knows pre-drop-off and finished', () => {
    expect(STATUSES.filter(shipmentIsPreDropOff)).toEqual([
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
    ]);
    expect(STATUSES.filter(shipmentIsFinished)).toEqual([
      'DELIVERED',
      'RETURNED',
      'DRIVER_CANCELED',
      'CANCELED',
    ]);
  });

  it('finishes a stack when every shipment is delivered, driver-cancelled or returned', () => {
    expect(
      shipmentStackIsFinished({ shipments: [ship('a', 'DELIVERED'), ship('b', 'DRIVER_CANCELED')] }),
    ).toBe(true);
    expect(
      shipmentStackIsFinished({ shipments: [ship('a', 'DELIVERED'), ship('b', 'ON_ROUTE_TO_DROP_OFF')] }),
    ).toBe(false);
  });

  it('still updates a finished stack with a return shipment to bring back', () => {
    const delivered = ship('a', 'DELIVERED', { returnShipment: true });
    expect(shipmentStackCanUpdate({ shipments: [delivered, ship('b', 'DELIVERED')] })).toBe(true);
    expect(shipmentStackCanUpdate({ shipments: [{ ...delivered, status: 'RETURNED' }] })).toBe(false);
    expect(shipmentStackCanUpdate({ shipments: [{ ...delivered, status: 'DRIVER_CANCELED' }] })).toBe(false);
    expect(shipmentStackCanUpdate({ shipments: [ship('b', 'IN_STORE')] })).toBe(true);
  });
});

describe('follow-up §4.3 Slides as a state machine: every other move is rejected', () => {
  const shipmentMoves = new Set([
    'LOOKING_FOR_DRIVER>ON_ROUTE_TO_PICK_UP',
    'ON_ROUTE_TO_PICK_UP>IN_STORE',
    'IN_STORE>ON_ROUTE_TO_DROP_OFF',
    'ON_ROUTE_TO_DROP_OFF>DELIVERED',
    'ON_ROUTE_TO_PICK_UP>DRIVER_CANCELED',
    'IN_STORE>DRIVER_CANCELED',
    'ON_ROUTE_TO_DROP_OFF>DRIVER_CANCELED',
  ]);
  const stackMoves = new Set([
    'LOOKING_FOR_DRIVER>ON_ROUTE_TO_PICK_UP',
    'ON_ROUTE_TO_PICK_UP>IN_STORE',
    'IN_STORE>ON_ROUTE_TO_DROP_OFFS',
    'ON_ROUTE_TO_DROP_OFFS>DELIVERED',
    'ON_ROUTE_TO_PICK_UP>DRIVER_CANCELED',
    'IN_STORE>DRIVER_CANCELED',
  ]);
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('shipment %s → %s', (from, to) => {
    const allowed = shipmentMoves.has(`${from}>${to}`);
    expect(shipmentCanTransition('shipment', from, to)).toBe(allowed);
    expect(shipmentCanTransition('shipment', from, to, { returnShipment: true })).toBe(
      allowed || (from === 'DELIVERED' && to === 'RETURNED'),
    );
  });

  it.each(pairs)('stack %s → %s', (from, to) => {
    expect(shipmentCanTransition('stack', from, to)).toBe(stackMoves.has(`${from}>${to}`));
  });

  it('returns the new status or the rejection', () => {
    expect(shipmentTransition('shipment', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF')).toEqual({
      ok: true,
      status: 'ON_ROUTE_TO_DROP_OFF',
    });
    expect(shipmentTransition('shipment', 'IN_STORE', 'DELIVERED')).toEqual({
      ok: false,
      error: 'INVALID_TRANSITION',
      from: 'IN_STORE',
      to: 'DELIVERED',
    });
  });
});

describe('follow-up §4.3 Next-action label table', () => {
  it.each([
    ['LOOKING_FOR_DRIVER', undefined, 'Aceptar envío'],
    ['ON_ROUTE_TO_PICK_UP', 'A1', 'En el local'],
    ['IN_STORE', undefined, 'En camino al cliente'],
    ['IN_STORE', 'A1', 'En camino al cliente (A1)'],
    ['ON_ROUTE_TO_DROP_OFF', undefined, 'Entregado'],
    ['ON_ROUTE_TO_DROP_OFFS', 'B2', 'Entregado (B2)'],
    ['DELIVERED', 'B2', 'Regreso al local'],
    ['RETURNED', undefined, null],
  ] as const)('%s (%s) → %s', (status, code, label) => {
    expect(shipmentNextActionLabel(status, code)).toBe(label);
  });

  it('walks a simple shipment through the normal order', () => {
    const steps: [ShipmentStatus, string, ShipmentStatus][] = [
      ['LOOKING_FOR_DRIVER', 'Aceptar envío', 'ON_ROUTE_TO_PICK_UP'],
      ['ON_ROUTE_TO_PICK_UP', 'En el local', 'IN_STORE'],
      ['IN_STORE', 'En camino al cliente', 'ON_ROUTE_TO_DROP_OFF'],
      ['ON_ROUTE_TO_DROP_OFF', 'Entregado', 'DELIVERED'],
    ];
    for (const [status, label, nextStatus] of steps) {
      expect(shipmentNextAction({ kind: 'simple', shipment: ship('a', status) })).toEqual({
        label,
        scope: 'SHIPMENT',
        targetIds: ['a'],
        nextStatus,
      });
      expect(shipmentCanTransition('shipment', status, nextStatus)).toBe(true);
    }
    expect(shipmentNextAction({ kind: 'simple', shipment: ship('a', 'DELIVERED') })).toBeNull();
    expect(shipmentNextAction({ kind: 'simple', shipment: ship('a', 'PENDING') })).toBeNull();
    expect(
      shipmentNextAction({ kind: 'simple', shipment: ship('a', 'DELIVERED', { returnShipment: true }) }),
    ).toEqual({
      label: 'Regreso al local',
      scope: 'SHIPMENT',
      targetIds: ['a'],
      nextStatus: 'RETURNED',
    });
  });

  it('advances a stack as a stack before drop-off, with the code in brackets', () => {
    const shipments = [
      ship('a', 'IN_STORE', { stackingOrder: 2 }),
      ship('b', 'IN_STORE', { stackingOrder: 1 }),
    ];
    expect(
      shipmentNextAction({ kind: 'stack', stack: stackOf('LOOKING_FOR_DRIVER', shipments) }),
    ).toMatchObject({
      label: 'Aceptar envío',
      scope: 'STACK',
      targetIds: ['st'],
    });
    expect(shipmentNextAction({ kind: 'stack', stack: stackOf('IN_STORE', shipments, 1) })).toEqual({
      label: 'En camino al cliente (B)',
      scope: 'STACK',
      targetIds: ['st'],
      nextStatus: 'ON_ROUTE_TO_DROP_OFFS',
    });
  });

  it('then delivers the current shipment, then returns the delivered return shipments', () => {
    const onRoute = stackOf(
      'ON_ROUTE_TO_DROP_OFFS',
      [ship('a', 'DELIVERED'), ship('b', 'ON_ROUTE_TO_DROP_OFF')],
      0,
    );
    expect(shipmentNextAction({ kind: 'stack', stack: onRoute })).toEqual({
      label: 'Entregado (B)',
      scope: 'SHIPMENT',
      targetIds: ['b'],
      nextStatus: 'DELIVERED',
    });
    const done = stackOf('ON_ROUTE_TO_DROP_OFFS', [
      ship('a', 'DELIVERED', { returnShipment: true }),
      ship('b', 'DELIVERED'),
      ship('c', 'DELIVERED', { returnShipment: true }),
    ]);
    expect(shipmentNextAction({ kind: 'stack', stack: done })).toEqual({
      label: 'Regreso al local',
      scope: 'RETURNS',
      targetIds: ['a', 'c'],
      nextStatus: 'RETURNED',
    });
    expect(
      shipmentNextAction({
        kind: 'stack',
        stack: stackOf('ON_ROUTE_TO_DROP_OFFS', [ship('a', 'DELIVERED')]),
      }),
    ).toBeNull();
    expect(
      shipmentNextAction({ kind: 'stack', stack: stackOf('ON_ROUTE_TO_DROP_OFFS', [ship('a', 'IN_STORE')]) }),
    ).toBeNull();
    expect(shipmentNextAction({ kind: 'stack', stack: stackOf('ON_ROUTE_TO_PICK_UP', []) })?.label).toBe(
      'En el local',
    );
  });
});

describe('follow-up §4.5 Cancelling', () => {
  it.each([
    ['LOOKING_FOR_DRIVER', null],
    ['ON_ROUTE_TO_PICK_UP', 'Cancelar envío en curso'],
    ['IN_STORE', 'Cancelar envío en curso'],
    ['ON_ROUTE_TO_DROP_OFF', 'Cancelar envío en curso'],
    ['DELIVERED', null],
  ] as const)('a simple shipment %s: %s', (status, label) => {
    const plan = shipmentCancelPlan({ kind: 'simple', shipment: ship('a', status) }, 'r1');
    expect(plan?.label ?? null).toBe(label);
    if (plan)
      expect(plan).toMatchObject({
        confirm: 'Si continúas, se cancelará el envío',
        scope: 'SHIPMENT',
        targetIds: ['a'],
      });
  });

  it('cancels a stack before drop-off as a whole, in drop-offs only its current shipment', () => {
    const before = stackOf('IN_STORE', [ship('a', 'IN_STORE'), ship('b', 'IN_STORE')]);
    expect(shipmentCancelPlan({ kind: 'stack', stack: before }, 'r1')).toEqual({
      label: 'Cancelar multientrega',
      confirm: 'Si continúas, se cancelará el envío',
      scope: 'STACK',
      targetIds: ['st'],
    });
    const during = stackOf('ON_ROUTE_TO_DROP_OFFS', [
      ship('a', 'DELIVERED'),
      ship('b', 'ON_ROUTE_TO_DROP_OFF'),
    ]);
    expect(shipmentCancelPlan({ kind: 'stack', stack: during }, 'r1')).toMatchObject({
      scope: 'SHIPMENT',
      targetIds: ['b'],
    });
    expect(
      shipmentCancelPlan(
        { kind: 'stack', stack: stackOf('ON_ROUTE_TO_DROP_OFFS', [ship('a', 'DELIVERED')]) },
        'r1',
      ),
    ).toBeNull();
    expect(shipmentCancelPlan({ kind: 'stack', stack: stackOf('LOOKING_FOR_DRIVER', []) }, 'r1')).toBeNull();
  });

  it('never offers a cancel on a shipment lost to another rider', () => {
    expect(shipmentCancelPlan({ kind: 'simple', shipment: ship('a', 'IN_STORE') }, 'r2')).toBeNull();
    expect(shipmentCancelPlan({ kind: 'stack', stack: stackOf('IN_STORE', []) }, 'r2')).toBeNull();
  });

  it('offers it only when its details may be shown too: never on a shipment nobody holds', () => {
    const unheld = ship('a', 'IN_STORE', { riderId: null });
    expect(shipmentCanCancel(unheld.status)).toBe(true);
    expect(shipmentRecipientVisible(unheld, 'r1')).toBe(false);
    expect(shipmentCancelPlan({ kind: 'simple', shipment: unheld }, 'r1')).toBeNull();
    expect(shipmentCancelPlan({ kind: 'simple', shipment: ship('a', 'IN_STORE') }, null)).toBeNull();
    expect(
      shipmentCancelPlan({ kind: 'stack', stack: { ...stackOf('IN_STORE', []), riderId: null } }, 'r1'),
    ).toBeNull();
    // A stacked shipment without a rider of its own is held through its stack.
    const during = stackOf('ON_ROUTE_TO_DROP_OFFS', [
      ship('b', 'ON_ROUTE_TO_DROP_OFF', { riderId: undefined }),
    ]);
    expect(shipmentCancelPlan({ kind: 'stack', stack: during }, 'r1')).toMatchObject({ targetIds: ['b'] });
  });
});

describe("follow-up §3, §6 The rider's 'Recibe' card", () => {
  it.each([
    ['looking for a driver', ship('a', 'LOOKING_FOR_DRIVER', { riderId: null }), 'r1', false],
    ['accepted, on route to pick up', ship('a', 'ON_ROUTE_TO_PICK_UP'), 'r1', true],
    ['in store', ship('a', 'IN_STORE'), 'r1', true],
    ['on route to drop off', ship('a', 'ON_ROUTE_TO_DROP_OFF'), 'r1', true],
    ['on route to drop offs', ship('a', 'ON_ROUTE_TO_DROP_OFFS'), 'r1', true],
    ['delivered', ship('a', 'DELIVERED'), 'r1', false],
    ['cancelled by the rider', ship('a', 'DRIVER_CANCELED'), 'r1', false],
    ['lost to another rider', ship('a', 'IN_STORE'), 'r2', false],
    ['held by nobody', ship('a', 'ON_ROUTE_TO_DROP_OFF', { riderId: null }), 'r1', false],
    ['no viewer', ship('a', 'ON_ROUTE_TO_DROP_OFF'), null, false],
  ] as const)('%s', (_, shipment, viewer, visible) => {
    expect(shipmentRecipientVisible(shipment, viewer)).toBe(visible);
  });

  it("is a rule of its own, not the customer's visibility rule", () => {
    // In store: the holder sees whom to call, not yet where the customer is.
    expect(shipmentRecipientVisible(ship('a', 'IN_STORE'), 'r1')).toBe(true);
    expect(shipmentCustomerDetailsVisible(ship('a', 'IN_STORE'), 'r1')).toBe(false);
    // On the way with nobody holding it: where, but no name or phone for whoever looks.
    const unheld = ship('a', 'ON_ROUTE_TO_DROP_OFF', { riderId: null });
    expect(shipmentCustomerDetailsVisible(unheld, 'r1')).toBe(true);
    expect(shipmentRecipientVisible(unheld, 'r1')).toBe(false);
  });
});

describe("follow-up §4.2 The customer's visibility rule", () => {
  it.each([
    ['on route to drop off, own shipment', ship('a', 'ON_ROUTE_TO_DROP_OFF'), 'r1', true],
    ['on route to drop offs, own shipment', ship('a', 'ON_ROUTE_TO_DROP_OFFS'), 'r1', true],
    ['won by another rider', ship('a', 'ON_ROUTE_TO_DROP_OFF'), 'r2', false],
    ['in store', ship('a', 'IN_STORE'), 'r1', false],
  ])('%s', (_, shipment, viewer, visible) => {
    expect(shipmentCustomerDetailsVisible(shipment, viewer)).toBe(visible);
  });

  it('treats an unassigned shipment as not lost', () => {
    expect(shipmentWonByOther({ riderId: null }, 'r1')).toBe(false);
    expect(shipmentWonByOther({}, 'r1')).toBe(false);
  });
});

describe('follow-up §2.6 Stack ordering and selection', () => {
  it('puts delivered first, cancelled last, otherwise by stackingOrder', () => {
    const sorted = shipmentStackSort([
      ship('c', 'DRIVER_CANCELED', { stackingOrder: 0 }),
      ship('x', 'ON_ROUTE_TO_DROP_OFF'),
      ship('b', 'ON_ROUTE_TO_DROP_OFF', { stackingOrder: 2 }),
      ship('a', 'ON_ROUTE_TO_DROP_OFF', { stackingOrder: 1 }),
      ship('d', 'DELIVERED', { stackingOrder: 3 }),
      ship('w', 'ON_ROUTE_TO_DROP_OFF'),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['d', 'a', 'b', 'w', 'x', 'c']);
  });

  it('moves the selection after DELIVERED or DRIVER_CANCELED, and refreshes when all are done', () => {
    const stack = stackOf(
      'ON_ROUTE_TO_DROP_OFFS',
      [ship('a', 'ON_ROUTE_TO_DROP_OFF'), ship('b', 'DELIVERED'), ship('c', 'ON_ROUTE_TO_DROP_OFF')],
      1,
    );
    expect(shipmentStackAfterUpdate(stack)).toEqual({ selectedIndex: 2, refresh: false });
    expect(shipmentStackAfterUpdate({ ...stack, selectedIndex: 0 })).toEqual({
      selectedIndex: 0,
      refresh: false,
    });
    const wrap = {
      ...stack,
      shipments: [ship('a', 'ON_ROUTE_TO_DROP_OFF'), ship('b', 'DELIVERED'), ship('c', 'DRIVER_CANCELED')],
    };
    expect(shipmentStackAfterUpdate({ ...wrap, selectedIndex: 2 })).toEqual({
      selectedIndex: 0,
      refresh: false,
    });
    const done = { ...stack, shipments: [ship('a', 'DELIVERED'), ship('b', 'DRIVER_CANCELED')] };
    expect(shipmentStackAfterUpdate(done)).toEqual({ selectedIndex: 1, refresh: true });
    expect(shipmentStackCurrent({ ...done, selectedIndex: 0 })).toBeNull();
  });

  it("swaps a chosen shipment into the current position with 'Se ha cambiado el envío seleccionado por el: {code}'", () => {
    const stack = stackOf('ON_ROUTE_TO_DROP_OFFS', [
      ship('a', 'ON_ROUTE_TO_DROP_OFF'),
      ship('b', 'ON_ROUTE_TO_DROP_OFF'),
      ship('c', 'DELIVERED'),
    ]);
    const { stack: next, toast } = shipmentStackSelect(stack, 'b');
    expect(next.shipments.map((s) => s.id)).toEqual(['b', 'a', 'c']);
    expect(next.selectedIndex).toBe(0);
    expect(toast).toBe('Se ha cambiado el envío seleccionado por el: B');
    expect(shipmentStackSelect(stack, 'a')).toEqual({ stack, toast: null });
    expect(shipmentStackSelect(stack, 'c')).toEqual({ stack, toast: null });
    expect(shipmentStackSelect(stack, 'zz')).toEqual({ stack, toast: null });
  });

  it('any sequence of selections keeps the same shipments', () => {
    const stack = stackOf(
      'ON_ROUTE_TO_DROP_OFFS',
      ['a', 'b', 'c', 'd'].map((id) => ship(id, 'ON_ROUTE_TO_DROP_OFF')),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'x'), { maxLength: 10 }), (ids) => {
        const final = ids.reduce((acc, id) => shipmentStackSelect(acc, id).stack, stack);
        expect(final.shipments.map((s) => s.id).sort()).toEqual(['a', 'b', 'c', 'd']);
        const last = ids.filter((id) => id !== 'x').at(-1);
        if (last) expect(final.shipments[0]?.id).toBe(last);
      }),
    );
  });
});

describe('follow-up §3/§7/§9 Payload, list window and vibration', () => {
  it('builds the status update payload', () => {
    expect(
      shipmentStatusPayload('s1', 'IN_STORE', { id: 'r1', name: 'Diego', phone: '+5491160000001' }),
    ).toEqual({
      status: 'IN_STORE',
      id: 's1',
      rider_phone: '+5491160000001',
      rider_name: 'Diego',
      rider_id: 'r1',
    });
  });

  it('lists the last 3 days', () => {
    expect(shipmentListWindow(Date.parse('2025-01-04T12:00:00Z'))).toEqual({
      startDate: '2025-01-01T12:00:00.000Z',
      endDate: '2025-01-04T12:00:00.000Z',
    });
  });

  it('vibrates [100] on success and [100, 50, 100, 75, 100] on failure', () => {
    expect(SHIPMENT_VIBRATION).toEqual({ success: [100], failure: [100, 50, 100, 75, 100] });
  });
});
