import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/**
 * Which of a branch's locations deliver to the diner's position: one
 * `GET /api/branch/{branchId}/delivery-reach` for the whole brand (not one
 * delivery-info request per location), asked once the position is known and
 * delivery is the chosen mode. Only the asked locations are kept; until the
 * answer arrives (or when it fails) nothing is claimed about any of them.
 */
export function useDeliveryReach(
  branchId: number,
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
    const asked = new Set(ids.split(',').map(Number));
    const controller = new AbortController();
    apiRequest<{ branchContacts: { id: number; insideDeliveryArea: boolean }[] }>(
      `/branch/${branchId}/delivery-reach`,
      { query: { lat, lng }, signal: controller.signal },
    ).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setReach(
          new Map(
            answer.branchContacts
              .filter((contact) => asked.has(contact.id))
              .map((contact) => [contact.id, contact.insideDeliveryArea]),
          ),
        );
      },
      () => {},
    );
    return () => controller.abort();
  }, [branchId, ids, lat, lng]);

  return reach;
}
