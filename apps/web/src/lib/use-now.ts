import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (a minute by default), so what depends on the hour updates. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
