import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/**
 * Which of a branch's locations deliver to the diner's position: each one's
 * `GET /api/branch/{id}/deliveryzones/fee` (ordering §4 "Delivery info"), asked
 * in parallel once the position is known. A location that has not answered
 * (or failed) is absent from the map: nothing is claimed about it.
 */
export function useDeliveryReach(
  branchContactIds: readonly number[],
  position: { lat: number; lng: number } | null,
): ReadonlyMap<number, boolean> {
  const [reach, setReach] = useState<ReadonlyMap<number, boolean>>(new Map());
  const ids = branchContactIds.join(',');
  const lat = position?.lat;
  const lng = position?.lng;

  useEffect(() => {
    setReach(new Map());
    if (lat === undefined || lng === undefined || ids === '') return;
    const controller = new AbortController();
    for (const id of ids.split(',').map(Number)) {
      apiRequest<{ insideDeliveryArea: boolean }>(`/branch/${id}/deliveryzones/fee`, {
        query: { lat, lng },
        signal: controller.signal,
      }).then(
        (info) => {
          if (!controller.signal.aborted)
            setReach((known) => new Map(known).set(id, info.insideDeliveryArea));
        },
        () => {},
      );
    }
    return () => controller.abort();
  }, [ids, lat, lng]);

  return reach;
}
