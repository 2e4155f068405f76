/**
 * The diner's position from the browser, asked only when the diner taps the
 * button (the page first says why it wants it). Denied, unavailable or too slow:
 * the page offers the address search instead.
 */
import { useCallback, useState } from 'react';
import type { GuidePoint } from '../api/guide-api';

export type DeviceLocationStatus = 'idle' | 'asking' | 'located' | 'denied' | 'unavailable';

export function useDeviceLocation(onLocated: (point: GuidePoint) => void) {
  const [status, setStatus] = useState<DeviceLocationStatus>('idle');

  const ask = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus('located');
        onLocated({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, [onLocated]);

  return { status, ask };
}
