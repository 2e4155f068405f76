import { describe, expect, it } from 'vitest';
import {
  DISPATCH_STATUS_LABELS,
  dispatchDayStart,
  dispatchPositionNewest,
  dispatchPositionVisible,
  dispatchRiderGroup,
  dispatchRiderOfferable,
  dispatchShipmentStage,
  dispatchStackStage,
  dispatchStatusLabel,
} from './dispatch';
import type { ShipmentStatus } from './shipment';

const BUENOS_AIRES = 'America/Argentina/Buenos_Aires';
const MADRID = 'Europe/Madrid';

describe('dispatchDayStart: the venue’s day starts at 05:00 local time', () => {
  it('at 13:00 in Buenos Aires the day started at 05:00 that morning', () => {
    expect(dispatchDayStart(Date.parse('2025-06-04T13:00:00-03:00'), BUENOS_AIRES)).toBe(
      Date.parse('2025-06-04T05:00:00-03:00'),
    );
  });

  it('at 00:30 the day is still the one that started yesterday at 05:00 (a service past midnight)', () => {
    expect(dispatchDayStart(Date.parse('2025-06-05T00:30:00-03:00'), BUENOS_AIRES)).toBe(
      Date.parse('2025-06-04T05:00:00-03:00'),
    );
  });

  it('at 05:00 sharp a new day starts', () => {
    const five = Date.parse('2025-06-05T05:00:00-03:00');
    expect(dispatchDayStart(five, BUENOS_AIRES)).toBe(five);
    expect(dispatchDayStart(five - 1, BUENOS_AIRES)).toBe(Date.parse('2025-06-04T05:00:00-03:00'));
  });

  it('follows the location’s zone, daylight saving included', () => {
    // Madrid: 05:00 CET on 29 March 2025 is 04:00Z; on 31 March (CEST) it is 03:00Z.
    expect(dispatchDayStart(Date.parse('2025-03-29T12:00:00Z'), MADRID)).toBe(
      Date.parse('2025-03-29T04:00:00Z'),
    );
    expect(dispatchDayStart(Date.parse('2025-03-31T12:00:00Z'), MADRID)).toBe(
      Date.parse('2025-03-31T03:00:00Z'),
    );
    // The same instant is a different venue day in each zone.
    const at = Date.parse('2025-06-04T07:00:00Z'); // 04:00 in Buenos Aires, 09:00 in Madrid
    expect(dispatchDayStart(at, BUENOS_AIRES)).toBe(Date.parse('2025-06-03T05:00:00-03:00'));
    expect(dispatchDayStart(at, MADRID)).toBe(Date.parse('2025-06-04T05:00:00+02:00'));
  });
});

describe('dispatchShipmentStage', () => {
  const stage = (status: ShipmentStatus, returnShipment = false) =>
    dispatchShipmentStage({ status, returnShipment });

  it('waiting while no rider holds it', () => {
    expect(stage('LOOKING_FOR_DRIVER')).toBe('waiting');
    expect(stage('PENDING')).toBe('waiting');
  });

  it('in progress while a rider holds it', () => {
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'] as const)
      expect(stage(status)).toBe('inProgress');
  });

  it('a delivered return shipment stays in progress until the money is back', () => {
    expect(stage('DELIVERED', true)).toBe('inProgress');
    expect(stage('RETURNED', true)).toBe('finished');
    expect(stage('DELIVERED', false)).toBe('finished');
  });

  it('cancelled shipments are finished (a fresh one waits in their place)', () => {
    expect(stage('CANCELED')).toBe('finished');
    expect(stage('DRIVER_CANCELED')).toBe('finished');
  });
});

describe('dispatchStackStage', () => {
  const shipment = (status: ShipmentStatus, returnShipment = false) => ({ status, returnShipment });

  it('follows the stack’s status before and during drop-offs', () => {
    const shipments = [shipment('LOOKING_FOR_DRIVER'), shipment('LOOKING_FOR_DRIVER')];
    expect(dispatchStackStage({ status: 'LOOKING_FOR_DRIVER', shipments })).toBe('waiting');
    expect(dispatchStackStage({ status: 'IN_STORE', shipments })).toBe('inProgress');
    expect(
      dispatchStackStage({
        status: 'ON_ROUTE_TO_DROP_OFFS',
        shipments: [shipment('DELIVERED'), shipment('ON_ROUTE_TO_DROP_OFF')],
      }),
    ).toBe('inProgress');
  });

  it('a delivered stack is in progress while a return is still on its way back', () => {
    expect(
      dispatchStackStage({
        status: 'DELIVERED',
        shipments: [shipment('DELIVERED'), shipment('DELIVERED', true)],
      }),
    ).toBe('inProgress');
    expect(
      dispatchStackStage({
        status: 'DELIVERED',
        shipments: [shipment('DELIVERED'), shipment('RETURNED', true)],
      }),
    ).toBe('finished');
  });

  it('a cancelled stack is finished', () => {
    expect(dispatchStackStage({ status: 'CANCELED', shipments: [shipment('CANCELED')] })).toBe('finished');
    expect(dispatchStackStage({ status: 'DRIVER_CANCELED', shipments: [] })).toBe('finished');
  });
});

describe('riders in the dispatch view', () => {
  it('a rider the venue has not approved is pending while on shift, and is never offered shipments', () => {
    expect(dispatchRiderGroup({ approved: false, active: true })).toBe('pending');
    expect(dispatchRiderGroup({ approved: false, active: false })).toBe('notApproved');
    expect(dispatchRiderOfferable({ approved: false, active: true })).toBe(false);
    expect(dispatchRiderOfferable({ approved: false, active: false })).toBe(false);
  });

  it('approved riders are on shift or off shift; only those on shift are offered shipments', () => {
    expect(dispatchRiderGroup({ approved: true, active: true })).toBe('onShift');
    expect(dispatchRiderGroup({ approved: true, active: false })).toBe('offShift');
    expect(dispatchRiderOfferable({ approved: true, active: true })).toBe(true);
    expect(dispatchRiderOfferable({ approved: true, active: false })).toBe(false);
  });

  it('a position is shown only for an approved rider on shift, reported during this shift', () => {
    const shift = Date.parse('2025-06-04T12:00:00Z');
    const base = { approved: true, active: true, positionAt: shift + 60_000, shiftStartedAt: shift };
    expect(dispatchPositionVisible(base)).toBe(true);
    expect(dispatchPositionVisible({ ...base, positionAt: shift - 60_000 })).toBe(false);
    expect(dispatchPositionVisible({ ...base, positionAt: null })).toBe(false);
    expect(dispatchPositionVisible({ ...base, active: false })).toBe(false);
    expect(dispatchPositionVisible({ ...base, approved: false })).toBe(false);
    expect(dispatchPositionVisible({ ...base, shiftStartedAt: null })).toBe(true);
  });
});

describe('dispatchPositionNewest: a read that left before a live position never takes it away', () => {
  const onShift = { approved: true, active: true, shiftStartedAt: '2026-03-06T20:00:00Z' };
  const at = (time: string) => ({ lat: -34.5, lng: -58.4, at: `2026-03-06T${time}Z` });

  it('keeps the live position when the read has none or an older one', () => {
    expect(dispatchPositionNewest(null, at('21:00:05'), onShift)).toEqual(at('21:00:05'));
    expect(dispatchPositionNewest(at('21:00:00'), at('21:00:05'), onShift)).toEqual(at('21:00:05'));
  });

  it('takes the read when it is newer, or when nothing came live', () => {
    expect(dispatchPositionNewest(at('21:00:09'), at('21:00:05'), onShift)).toEqual(at('21:00:09'));
    expect(dispatchPositionNewest(at('21:00:09'), null, onShift)).toEqual(at('21:00:09'));
    expect(dispatchPositionNewest(null, null, onShift)).toBeNull();
  });

  it('drops a live position the venue may no longer see: off shift, unapproved, or from before this shift', () => {
    expect(dispatchPositionNewest(null, at('21:00:05'), { ...onShift, active: false })).toBeNull();
    expect(dispatchPositionNewest(null, at('21:00:05'), { ...onShift, approved: false })).toBeNull();
    expect(dispatchPositionNewest(null, at('19:59:00'), onShift)).toBeNull();
  });
});

describe('status labels', () => {
  it('every status has a Spanish label; a delivered return says it is on its way back', () => {
    for (const label of Object.values(DISPATCH_STATUS_LABELS)) expect(label).toMatch(/^[A-ZÁÉÍÓÚ]/);
    expect(dispatchStatusLabel({ status: 'DELIVERED', returnShipment: true })).toBe(
      'Entregado, vuelve al local',
    );
    expect(dispatchStatusLabel({ status: 'DELIVERED' })).toBe('Entregado');
    expect(dispatchStatusLabel({ status: 'LOOKING_FOR_DRIVER' })).toBe('Buscando repartidor');
  });
});
