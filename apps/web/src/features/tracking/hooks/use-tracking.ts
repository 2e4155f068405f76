import {
  TRACKING_POLL_INTERVAL_MS,
  TRACKING_SUBSCRIBE_DELAY_MS,
  trackingChannel,
  trackingIsFinished,
} from '@comanda/domain/tracking';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtimeJoin, useRealtimeState } from '../../../lib/realtime';
import { type TrackingInfo, trackingGet } from '../api/tracking';
import { trackingPositionEventOf, trackingWithPosition } from '../lib/tracking-data';

/** follow-up §3: the tracking page's status values. */
export type TrackingPageStatus = 'idle' | 'loading' | 'success' | 'failed';

/** (ours) Without live updates for this long, the page starts reading by itself. */
export const TRACKING_POLL_AFTER_MS = 3000;

export interface TrackingState {
  status: TrackingPageStatus;
  /** The last read or event; null before the first read and after a failed load or refresh (§8: empty data). */
  data: TrackingInfo | null;
  /** The order code names no tracking of this alias (404): the catch-all page. */
  missing: boolean;
  /** The room is joined, its events listened to, on a connected socket (§4.7 realtime flag). */
  realtime: boolean;
  /** The realtime connection is down and the page reads the tracking every few seconds. */
  polling: boolean;
  /** 'Actualizar' (§4.7): status idle, then read again. */
  refresh: () => void;
}

/**
 * The tracking of one order, kept current (follow-up §4.7): read once, then the
 * room `tracking-{id}` is joined with the order code as proof, and its events
 * are listened to TRACKING_SUBSCRIBE_DELAY_MS after the join: `tracking-updated`
 * replaces the data, `rider-position` moves the rider and the estimate. Each
 * time listening starts the tracking is read once more (nothing published
 * before it is missed). While the connection is down the page polls the read,
 * and stops when the connection is back; a finished delivery is not followed.
 */
export function useTracking(alias: string, orderCode: string): TrackingState {
  const [status, setStatus] = useState<TrackingPageStatus>('idle');
  const [data, setData] = useState<TrackingInfo | null>(null);
  const [missing, setMissing] = useState(false);
  const [listening, setListening] = useState(false);
  const [polling, setPolling] = useState(false);
  const connection = useRealtimeState();
  // The newest answer wins: an event newer than a slow read must not be overwritten by it.
  const version = useRef(0);

  /** A read in the background (after a join, while polling): a failure is logged and the data kept. */
  const reread = useCallback(async () => {
    const mine = ++version.current;
    try {
      const fresh = await trackingGet(alias, orderCode);
      if (mine === version.current) setData(fresh);
    } catch (error) {
      console.error('tracking refresh failed', error);
    }
  }, [alias, orderCode]);

  // The load, and each 'Actualizar' (a new attempt): §8, a failure is logged only and leaves empty data.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads.
  useEffect(() => {
    const controller = new AbortController();
    const mine = ++version.current;
    setStatus('loading');
    trackingGet(alias, orderCode, controller.signal).then(
      (fresh) => {
        // A live event newer than this read keeps its data; the load is done either way.
        if (mine === version.current) setData(fresh);
        setStatus('success');
      },
      (error: { status?: number }) => {
        if (controller.signal.aborted) return;
        if (error.status === 404) setMissing(true);
        else console.error('tracking load failed', error);
        if (mine === version.current) setData(null);
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [alias, orderCode, attempt]);

  // §4.7: refresh sets the status to idle and reloads.
  const refresh = useCallback(() => {
    setStatus('idle');
    setAttempt((value) => value + 1);
  }, []);

  const id = data?.id ?? null;
  const finished = data ? trackingIsFinished(data.status) : false;
  // The room, once loaded, while the delivery is not over.
  useEffect(() => {
    if (id === null || finished) return;
    let timer = 0;
    let on = false;
    const leave = realtimeJoin(
      trackingChannel(id),
      {
        events: {
          'tracking-updated': (payload) => {
            const fresh = payload as TrackingInfo | null;
            if (!on || !fresh || fresh.id !== id) return;
            version.current += 1;
            setData(fresh);
          },
          'rider-position': (payload) => {
            const event = trackingPositionEventOf(payload);
            if (!on || !event) return;
            version.current += 1;
            setData((current) => (current ? trackingWithPosition(current, event) : current));
          },
        },
        onJoined: () => {
          window.clearTimeout(timer);
          timer = window.setTimeout(() => {
            on = true;
            setListening(true);
            void reread();
          }, TRACKING_SUBSCRIBE_DELAY_MS);
        },
        onRefused: () => {
          on = false;
          setListening(false);
          console.error('tracking room refused', trackingChannel(id));
        },
      },
      { proof: { orderCode } },
    );
    return () => {
      window.clearTimeout(timer);
      leave();
      setListening(false);
    };
  }, [id, finished, orderCode, reread]);

  // A dropped socket leaves the room: not listening until the rejoin's delay has run again.
  useEffect(() => {
    if (connection !== 'connected') setListening(false);
  }, [connection]);

  const realtime = listening && connection === 'connected';
  const followed = status === 'success' && id !== null && !finished;

  // §4.7 beyond the spec: without realtime, the page keeps itself current by reading.
  useEffect(() => {
    if (!followed || realtime) {
      setPolling(false);
      return;
    }
    let interval = 0;
    const start = window.setTimeout(() => {
      setPolling(true);
      void reread();
      interval = window.setInterval(() => void reread(), TRACKING_POLL_INTERVAL_MS);
    }, TRACKING_POLL_AFTER_MS);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(interval);
    };
  }, [followed, realtime, reread]);

  return { status, data, missing, realtime, polling: polling && followed && !realtime, refresh };
}
