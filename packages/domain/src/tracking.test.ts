import { describe, expect, it } from 'vitest';
import { guideSearchOffset, guideSort } from './guide';
import {
  TRACKING_CENTER_BASE_OFFSET,
  TRACKING_SUBSCRIBE_DELAY_MS,
  trackingCenterOffset,
  trackingChannel,
  trackingCodeIsValid,
  trackingEtaText,
  trackingMapCenter,
  trackingMarkers,
  trackingRiderPanel,
  trackingStatusLabel,
} from './tracking';

describe('follow-up §2.8/§4.7 Customer tracking', () => {
  it('joins tracking-{id} and subscribes 1000 ms later', () => {
    expect(trackingChannel(42)).toBe('tracking-42');
    expect(TRACKING_SUBSCRIBE_DELAY_MS).toBe(1000);
  });

  it('drops a marker whose position is zero or missing', () => {
    expect(
      trackingMarkers({ rider: { lat: 0, lng: 0 }, branch: { lat: -34.58, lng: -58.43 }, destination: null }),
    ).toEqual([{ type: 'branch', position: { lat: -34.58, lng: -58.43 } }]);
  });

  it("shows the rider or 'Sin repartidor', contact buttons only with a phone", () => {
    expect(trackingRiderPanel({ name: 'Diego', phone: '+5491160000001' })).toEqual({
      title: 'Diego',
      showContact: true,
    });
    expect(trackingRiderPanel({ name: 'Diego', phone: '' })).toEqual({ title: 'Diego', showContact: false });
    expect(trackingRiderPanel(null)).toEqual({ title: 'Sin repartidor', showContact: false });
  });

  it("shows 'Entrega estimada: {eta}' only when present and non-empty", () => {
    expect(trackingEtaText('21:40')).toBe('Entrega estimada: 21:40');
    expect(trackingEtaText('  ')).toBeNull();
    expect(trackingEtaText(undefined)).toBeNull();
  });

  it('shows the code modal only for a valid code', () => {
    expect(trackingCodeIsValid('4821')).toBe(true);
    expect(trackingCodeIsValid('12')).toBe(false);
    expect(trackingCodeIsValid(null)).toBe(false);
  });

  it('shifts the centre by zoom: zero below 7, doubled per level below 14', () => {
    expect(trackingCenterOffset(6)).toBe(0);
    expect(trackingCenterOffset(14)).toBe(TRACKING_CENTER_BASE_OFFSET);
    expect(trackingCenterOffset(16)).toBe(TRACKING_CENTER_BASE_OFFSET);
    expect(trackingCenterOffset(13)).toBe(TRACKING_CENTER_BASE_OFFSET * 2);
    expect(trackingCenterOffset(7)).toBe(TRACKING_CENTER_BASE_OFFSET * 128);
  });

  it("centres on the rider, else on the markers' average", () => {
    const branch = { type: 'branch' as const, position: { lat: -34, lng: -58 } };
    const destination = { type: 'destination' as const, position: { lat: -36, lng: -60 } };
    const rider = { type: 'rider' as const, position: { lat: -35, lng: -59.5 } };
    expect(trackingMapCenter([branch, destination, rider], 5)).toEqual({ lat: -35, lng: -59.5 });
    expect(trackingMapCenter([branch, destination], 6)).toEqual({ lat: -35, lng: -59 });
    expect(trackingMapCenter([branch], 14)).toEqual({ lat: -34 - TRACKING_CENTER_BASE_OFFSET, lng: -58 });
    expect(trackingMapCenter([], 14)).toBeNull();
  });

  it('names the delivery as the diner follows it: waiting, on its way, delivered, called off', () => {
    expect(trackingStatusLabel('LOOKING_FOR_DRIVER')).toEqual({
      label: 'Buscando repartidor',
      tone: 'waiting',
    });
    // Given back by its rider: the diner's food is waiting for a rider again.
    expect(trackingStatusLabel('DRIVER_CANCELED')).toEqual(trackingStatusLabel('LOOKING_FOR_DRIVER'));
    expect(trackingStatusLabel('ON_ROUTE_TO_PICK_UP').tone).toBe('moving');
    expect(trackingStatusLabel('IN_STORE').label).toBe('El repartidor retira tu pedido');
    expect(trackingStatusLabel('ON_ROUTE_TO_DROP_OFFS')).toEqual(trackingStatusLabel('ON_ROUTE_TO_DROP_OFF'));
    // The rider's trip back with the cash is not the diner's concern: the food arrived.
    expect(trackingStatusLabel('RETURNED')).toEqual({ label: 'Pedido entregado', tone: 'done' });
    expect(trackingStatusLabel('CANCELED')).toEqual({ label: 'Envío cancelado', tone: 'canceled' });
  });
});

describe('follow-up §2.4 Branch guide', () => {
  it('pages with offset (page - 1) × pageSize', () => {
    expect(guideSearchOffset(1, 20)).toBe(0);
    expect(guideSearchOffset(3, 20)).toBe(40);
    expect(guideSearchOffset(0, 20)).toBe(0);
  });

  it('sorts by distance and shows km with one decimal', () => {
    const b = (name: string, distanceInMeters: number) => ({
      id: name,
      alias: name,
      name,
      distanceInMeters,
      reachableByDelivery: true,
    });
    expect(
      guideSort([b('Palermo', 2540), b('Belgrano', 800), b('Almagro', 800)]).map(
        (x) => `${x.name} ${x.distanceText}`,
      ),
    ).toEqual(['Almagro 0,8 km', 'Belgrano 0,8 km', 'Palermo 2,5 km']);
  });
});
