import { useEffect } from 'react';
import { outboxFlush, useOutboxItems } from '../lib/outbox';

/** (decision) While changes wait and the phone says it is online, try again this often (a 5xx, a flaky network). */
const RETRY_MS = 20_000;

/**
 * The rider's kept changes (lib/outbox.ts), sent again when the connection
 * returns, when a page opens, and every 20 s while some wait.
 */
export function useRiderOutbox(token: string | null, riderId: number | null) {
  const items = useOutboxItems();
  const mine = riderId === null ? [] : items.filter((item) => item.body.rider_id === riderId);
  const waiting = mine.some((item) => item.state === 'pending');

  useEffect(() => {
    if (!token || riderId === null) return;
    const flush = () => void outboxFlush(token, riderId);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [token, riderId]);

  useEffect(() => {
    if (!token || riderId === null || !waiting) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine !== false) void outboxFlush(token, riderId);
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [token, riderId, waiting]);

  return mine;
}
