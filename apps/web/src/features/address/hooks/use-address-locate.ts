/**
 * 'Mi ubicación' (ordering §4 "Geolocation states"): the device's coordinates
 * and the marker's reverse geocoding, with what each state says. A point
 * moved (device, drag, click) is handed to the modal; the address found near
 * it, when one is, fills the fields.
 */

import { addressMessages } from '@comanda/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { clientLogReport } from '../../../lib/client-log';
import { type GeoAddress, geoReverse } from '../api/geo';
import type { LatLng } from '../components/address-map';
import { texts } from '../lib/address-form';

type GeolocationState = 'idle' | 'loading' | 'error' | 'success';
type ReverseState = 'idle' | 'loading' | 'found' | 'none' | 'error';

export function useAddressLocate(input: {
  branchContactId: number;
  /** The marker is at `point` now (its address still unknown). */
  onPoint: (point: LatLng) => void;
  /** The address found near the marker. */
  onAddress: (address: GeoAddress) => void;
}) {
  const [geolocation, setGeolocation] = useState<GeolocationState>('idle');
  const [reverse, setReverse] = useState<ReverseState>('idle');
  const reverseRequest = useRef<AbortController | null>(null);
  useEffect(() => () => reverseRequest.current?.abort(), []);

  /** The marker moved (device, drag, click): its address fills the fields when one is near. */
  const moveTo = (point: LatLng) => {
    input.onPoint(point);
    reverseRequest.current?.abort();
    const controller = new AbortController();
    reverseRequest.current = controller;
    setReverse('loading');
    geoReverse(point, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return;
        if (address) input.onAddress(address);
        setReverse(address ? 'found' : 'none');
      },
      () => !controller.signal.aborted && setReverse('error'),
    );
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeolocation('error');
      return;
    }
    setGeolocation('loading');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeolocation('success');
        moveTo({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setGeolocation('error');
        // A refused permission is the diner's choice; a device that cannot locate is worth knowing.
        if (error.code !== error.PERMISSION_DENIED)
          clientLogReport({
            component: 'address/geolocation',
            message: error.message,
            bcId: input.branchContactId,
          });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const geolocationStatus =
    geolocation === 'loading'
      ? texts.locating
      : geolocation === 'error'
        ? addressMessages.geolocationFailed
        : geolocation === 'success'
          ? texts.located
          : '';
  const reverseStatus =
    reverse === 'loading'
      ? texts.reverseLoading
      : reverse === 'found'
        ? texts.reverseFound
        : reverse === 'none'
          ? texts.reverseNone
          : reverse === 'error'
            ? texts.reverseFailed
            : '';

  return { geolocation, moveTo, locate, geolocationStatus, reverseStatus };
}
