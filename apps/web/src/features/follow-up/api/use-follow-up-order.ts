import { useCallback, useEffect, useRef, useState } from 'react';
import { realtimeJoin, useRealtimeState } from '../../../lib/realtime';
import { type FollowUpOrder, followUpOrderGet } from './order';

export type FollowUpLoad =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; order: FollowUpOrder };

/**
 * The order of the follow-up page, kept live: read once, then every
 * `order-updated` of the room `order-{code}` replaces it, and every (re)join
 * reads it again so nothing published before the join or while offline stays
 * missed.
 */
export function useFollowUpOrder(code: string): {
  load: FollowUpLoad;
  refetch: () => Promise<FollowUpOrder | null>;
  replace: (order: FollowUpOrder) => void;
  /** The room is joined on a connected socket: updates arrive live. */
  live: boolean;
} {
  const [load, setLoad] = useState<FollowUpLoad>({ status: 'loading' });
  const [joined, setJoined] = useState(false);
  const connection = useRealtimeState();
  const [attempt, setAttempt] = useState(0);
  // The newest read wins: a live event newer than a slow refetch must not be overwritten by it.
  const version = useRef(0);

  const refetch = useCallback(async () => {
    const mine = ++version.current;
    try {
      const order = await followUpOrderGet(code);
      if (mine === version.current) setLoad({ status: 'success', order });
      return order;
    } catch (error) {
      if (mine !== version.current) return null;
      const status = (error as { status?: number }).status;
      setLoad((previous) =>
        previous.status === 'success'
          ? previous
          : status === 404 || status === 400
            ? { status: 'missing' }
            : { status: 'error', retry: () => setAttempt((value) => value + 1) },
      );
      return null;
    }
  }, [code]);

  const replace = useCallback((order: FollowUpOrder) => {
    version.current += 1;
    setLoad({ status: 'success', order });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries the read.
  useEffect(() => {
    setLoad({ status: 'loading' });
    void refetch();
  }, [refetch, attempt]);

  useEffect(
    () =>
      realtimeJoin(`order-${code}`, {
        events: {
          'order-updated': (payload) => {
            const order = payload as FollowUpOrder | null;
            if (order && order.code === code) replace(order);
          },
        },
        // Read again on every join, the first included: the first read may have
        // finished before the room was joined, and an update published in between
        // reaches no one. The newest read wins (`version`), so this costs one GET.
        onJoined: () => {
          setJoined(true);
          void refetch();
        },
        onRefused: () => setJoined(false),
      }),
    [code, refetch, replace],
  );
  // A dropped socket leaves the room: not live until the rejoin's answer.
  useEffect(() => {
    if (connection !== 'connected') setJoined(false);
  }, [connection]);

  return { load, refetch, replace, live: joined && connection === 'connected' };
}
