import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-status';
import type { Shipment, ShipmentStatus } from './shipment';
import { shipmentStackSort } from './shipment';
import {
  SHIPMENT_STATUS_NAMES,
  shipmentInStackMovesAlone,
  shipmentIsInProgress,
  shipmentOrderMoves,
  shipmentStackClosingStatus,
  shipmentStackCurrentIndex,
  shipmentStackIsInProgress,
  shipmentStackSelectOrders,
} from './shipment-lifecycle';

const ship = (id: string, status: ShipmentStatus, extra: Partial<Shipment> = {}): Shipment => ({
  id,
  status,
  code: id.toUpperCase(),
  ...extra,
});

describe('the order keeps in step with its shipment', () => {
  const orders: OrderStatus[] = ['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'];
  it.each(orders)('order %s', (order) => {
    expect(shipmentOrderMoves('ON_ROUTE_TO_DROP_OFF', order)).toEqual(order === 'ACCEPTED' ? ['READY'] : []);
    expect(shipmentOrderMoves('DELIVERED', order)).toEqual(
      order === 'ACCEPTED' ? ['READY', 'DELIVERED'] : order === 'READY' ? ['DELIVERED'] : [],
    );
    for (const status of ['LOOKING_FOR_DRIVER', 'IN_STORE', 'DRIVER_CANCELED', 'RETURNED'] as const) {
      expect(shipmentOrderMoves(status, order)).toEqual([]);
    }
  });
});

describe('a stack closes when every shipment is finished', () => {
  it('as DELIVERED when one was delivered, as DRIVER_CANCELED when all were cancelled', () => {
    expect(
      shipmentStackClosingStatus([ship('a', 'DELIVERED'), ship('b', 'ON_ROUTE_TO_DROP_OFF')]),
    ).toBeNull();
    expect(shipmentStackClosingStatus([ship('a', 'DELIVERED'), ship('b', 'DRIVER_CANCELED')])).toBe(
      'DELIVERED',
    );
    expect(shipmentStackClosingStatus([ship('a', 'RETURNED'), ship('b', 'CANCELED')])).toBe('DELIVERED');
    expect(shipmentStackClosingStatus([ship('a', 'DRIVER_CANCELED'), ship('b', 'CANCELED')])).toBe(
      'DRIVER_CANCELED',
    );
  });
});

describe('in progress for the rider', () => {
  it('a simple shipment under way, or delivered with money to bring back', () => {
    const inProgress = (status: ShipmentStatus, returnShipment = false) =>
      shipmentIsInProgress({ status, returnShipment });
    expect(inProgress('LOOKING_FOR_DRIVER')).toBe(false);
    expect(inProgress('ON_ROUTE_TO_PICK_UP')).toBe(true);
    expect(inProgress('IN_STORE')).toBe(true);
    expect(inProgress('ON_ROUTE_TO_DROP_OFF')).toBe(true);
    expect(inProgress('DELIVERED')).toBe(false);
    expect(inProgress('DELIVERED', true)).toBe(true);
    expect(inProgress('RETURNED', true)).toBe(false);
    expect(inProgress('DRIVER_CANCELED')).toBe(false);
  });

  it('a taken stack until its returns are back', () => {
    expect(
      shipmentStackIsInProgress({
        status: 'LOOKING_FOR_DRIVER',
        shipments: [ship('a', 'LOOKING_FOR_DRIVER')],
      }),
    ).toBe(false);
    expect(shipmentStackIsInProgress({ status: 'IN_STORE', shipments: [ship('a', 'IN_STORE')] })).toBe(true);
    const delivered = [ship('a', 'DELIVERED', { returnShipment: true }), ship('b', 'DELIVERED')];
    expect(shipmentStackIsInProgress({ status: 'DELIVERED', shipments: delivered })).toBe(true);
    expect(
      shipmentStackIsInProgress({
        status: 'DELIVERED',
        shipments: [ship('a', 'RETURNED', { returnShipment: true }), ship('b', 'DELIVERED')],
      }),
    ).toBe(false);
    expect(
      shipmentStackIsInProgress({ status: 'DRIVER_CANCELED', shipments: [ship('a', 'DRIVER_CANCELED')] }),
    ).toBe(false);
  });

  it('moves a stacked shipment alone only after the store', () => {
    expect(shipmentInStackMovesAlone('IN_STORE')).toBe(false);
    expect(shipmentInStackMovesAlone('LOOKING_FOR_DRIVER')).toBe(false);
    expect(shipmentInStackMovesAlone('ON_ROUTE_TO_DROP_OFFS')).toBe(true);
    expect(shipmentInStackMovesAlone('DELIVERED')).toBe(true);
  });
});

describe('the selection inside a stack, persisted', () => {
  const stack = [
    ship('a', 'DELIVERED', { stackingOrder: 2 }),
    ship('b', 'ON_ROUTE_TO_DROP_OFF', { stackingOrder: 1 }),
    ship('c', 'ON_ROUTE_TO_DROP_OFF', { stackingOrder: 3 }),
    ship('d', 'DRIVER_CANCELED', { stackingOrder: 4 }),
  ];
  const sorted = shipmentStackSort(stack);

  it('is on the first unfinished shipment in stack order', () => {
    expect(sorted.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(shipmentStackCurrentIndex(sorted)).toBe(1);
    expect(shipmentStackCurrentIndex([ship('a', 'DELIVERED')])).toBe(0);
  });

  it('swaps the stacking orders of the chosen and the current shipment', () => {
    const result = shipmentStackSelectOrders(sorted, 'c');
    expect(result).toEqual({
      toast: 'Se ha cambiado el envío seleccionado por el: C',
      stackingOrders: [
        { id: 'c', stackingOrder: 1 },
        { id: 'b', stackingOrder: 3 },
      ],
    });
    const orders = new Map(result?.stackingOrders.map((entry) => [entry.id, entry.stackingOrder]));
    const after = shipmentStackSort(
      stack.map((s) => ({ ...s, stackingOrder: orders.get(s.id) ?? s.stackingOrder })),
    );
    expect(after.map((s) => s.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(after[shipmentStackCurrentIndex(after)]?.id).toBe('c');
  });

  it('changes nothing for the current, a finished or an unknown shipment', () => {
    expect(shipmentStackSelectOrders(sorted, 'b')).toBeNull();
    expect(shipmentStackSelectOrders(sorted, 'a')).toBeNull();
    expect(shipmentStackSelectOrders(sorted, 'd')).toBeNull();
    expect(shipmentStackSelectOrders(sorted, 'zz')).toBeNull();
  });

  it('names every status', () => {
    expect(Object.keys(SHIPMENT_STATUS_NAMES)).toHaveLength(11);
    expect(SHIPMENT_STATUS_NAMES.LOOKING_FOR_DRIVER).toBe('Buscando repartidor');
  });
});
