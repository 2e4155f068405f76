/**
 * A list read page by page ('Mis pedidos', the points history): the rows so
 * far, whether more exist, and one read at a time. A refused session (401) is
 * forgotten by the store (`customerSessionRequest`); the list says so rather
 * than showing an error to retry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { HistoryPage } from '../api/account-history-api';

export type HistoryProblem = 'signed-out' | 'failed';

export interface HistoryPages<T> {
  rows: T[];
  /** True until the first page answered. */
  loading: boolean;
  /** A read of a further page is under way. */
  loadingMore: boolean;
  hasMore: boolean;
  problem: HistoryProblem | null;
  /** Reads the next page (or retries the one that failed). */
  more: () => void;
}

export function useHistoryPages<T>(read: (offset: number) => Promise<HistoryPage<T>>): HistoryPages<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [nextOffset, setNextOffset] = useState<number | null>(0);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<HistoryProblem | null>(null);
  const [answered, setAnswered] = useState(false);
  const busy = useRef(false);
  const alive = useRef(true);
  const readRef = useRef(read);
  readRef.current = read;

  const more = useCallback(() => {
    if (busy.current || nextOffset === null) return;
    busy.current = true;
    setReading(true);
    setProblem(null);
    readRef
      .current(nextOffset)
      .then(
        (page) => {
          if (!alive.current) return;
          setRows((previous) => [...previous, ...page.rows]);
          setNextOffset(page.nextOffset);
          setAnswered(true);
        },
        (error: unknown) => {
          if (!alive.current) return;
          setProblem(error instanceof ApiError && error.status === 401 ? 'signed-out' : 'failed');
        },
      )
      .finally(() => {
        busy.current = false;
        if (alive.current) setReading(false);
      });
  }, [nextOffset]);

  // The first page as soon as the screen opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on mount.
  useEffect(() => {
    alive.current = true;
    more();
    return () => {
      alive.current = false;
    };
  }, []);

  return {
    rows,
    loading: !answered && problem === null,
    loadingMore: answered && reading,
    hasMore: nextOffset !== null,
    problem,
    more,
  };
}
