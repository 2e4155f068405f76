/**
 * The guide's list for one point: page after page of the nearest locations
 * (offset = (page − 1) × pageSize, follow-up §9), one read at a time. A failed
 * read is shown as a toast with its message (follow-up §8 "Nearby search
 * failure") and can be tried again.
 */
import { GUIDE_PAGE_SIZE_DEFAULT, guideSearchOffset } from '@comanda/domain/guide';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { type GuideBranchContact, type GuidePoint, guideNearGet } from '../api/guide-api';

export const GUIDE_SEARCH_FAILED = 'No pudimos buscar locales cercanos. Inténtalo de nuevo en unos minutos.';

export interface GuidePages {
  cards: GuideBranchContact[];
  /** The first page is on its way. */
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  hasMore: boolean;
  /** The last read failed (its message was shown as a toast). */
  failed: boolean;
  /** Reads the next page, or tries the failed one again. */
  more: () => void;
}

/** What the diner reads when a search fails: the server's sentence, never a field path. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message;
  return GUIDE_SEARCH_FAILED;
}

export function useGuidePages(point: GuidePoint | null, pageSize = GUIDE_PAGE_SIZE_DEFAULT): GuidePages {
  const toast = useToast();
  const [cards, setCards] = useState<GuideBranchContact[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [reading, setReading] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const current = useRef<{ point: GuidePoint | null; controller: AbortController | null }>({
    point: null,
    controller: null,
  });

  const read = useCallback(
    (at: GuidePoint, pageNumber: number) => {
      busy.current = true;
      setReading(true);
      setFailed(false);
      const controller = new AbortController();
      current.current.controller = controller;
      guideNearGet(at, { pageSize, offset: guideSearchOffset(pageNumber, pageSize) }, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setCards((previous) =>
            pageNumber === 1 ? answer.branchContacts : [...previous, ...answer.branchContacts],
          );
          setHasMore(answer.hasMore);
          setPage(pageNumber + 1);
          busy.current = false;
          setReading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          toast(failureMessage(error), 'error');
          setFailed(true);
          busy.current = false;
          setReading(false);
        },
      );
    },
    [pageSize, toast],
  );

  // A new point starts over from page 1.
  useEffect(() => {
    current.current.controller?.abort();
    current.current.point = point;
    busy.current = false;
    setCards([]);
    setPage(1);
    setHasMore(false);
    setFailed(false);
    setReading(false);
    if (point) read(point, 1);
    return () => current.current.controller?.abort();
  }, [point, read]);

  const more = useCallback(() => {
    const at = current.current.point;
    if (!at || busy.current) return;
    read(at, page);
  }, [page, read]);

  const firstPage = page === 1;
  return {
    cards,
    loading: point !== null && firstPage && reading,
    loadingMore: !firstPage && reading,
    hasMore: hasMore || (failed && !firstPage),
    failed,
    more,
  };
}
