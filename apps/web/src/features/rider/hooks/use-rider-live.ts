import { useEffect, useRef, useState } from 'react';
import { realtimeJoin, useRealtimeState } from '../../../lib/realtime';

/** What the riders' room says when a shipment or stack of the location changes (no personal data). */
export interface ShipmentUpdatedEvent {
  kind: 'simple' | 'stack';
  id: number;
  status: string;
  riderId: number | null;
}

/**
 * Follows the location's riders room (`riders-{branchContactId}`, joined with
 * the shift's token) and calls `onUpdate` for each `shipment-updated`, and
 * after a reconnection (events may have been missed). Answers whether the
 * room is joined and the socket connected, for the 'En vivo' mark.
 */
export function useRiderLive(
  branchContactId: number,
  token: string | null,
  onUpdate: (event: ShipmentUpdatedEvent | null) => void,
): boolean {
  const [joined, setJoined] = useState(false);
  const connection = useRealtimeState();
  const handler = useRef(onUpdate);
  handler.current = onUpdate;

  useEffect(() => {
    if (!token) return;
    const leave = realtimeJoin(
      `riders-${branchContactId}`,
      {
        events: {
          'shipment-updated': (payload) => handler.current(payload as ShipmentUpdatedEvent),
        },
        onJoined: (first) => {
          setJoined(true);
          if (!first) handler.current(null);
        },
        onRefused: () => setJoined(false),
      },
      { auth: { riderToken: token } },
    );
    return () => {
      leave();
      setJoined(false);
    };
  }, [branchContactId, token]);

  return joined && connection === 'connected';
}
