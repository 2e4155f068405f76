import { useEffect } from 'react';
import type { ApiBranch } from '../types/api';

/**
 * Injects the branch's marketing tags (Meta pixel, Google Tag Manager, Google
 * Analytics) when, and only when, the branch has their ids. The injecting code
 * is loaded on demand, so a branch without tags downloads none of it.
 */
export function useMarketingTags(branch: ApiBranch | null | undefined): void {
  const pixel = branch?.fbPixelId ?? null;
  const gtm = branch?.googleTagManagerId ?? null;
  const ga = branch?.googleAnalyticsId ?? null;
  useEffect(() => {
    if (!pixel && !gtm && !ga) return;
    import('../lib/marketing-tags')
      .then((module) =>
        module.marketingTagsInject({ fbPixelId: pixel, googleTagManagerId: gtm, googleAnalyticsId: ga }),
      )
      .catch(() => {
        // A tag that cannot load must never break ordering.
      });
  }, [pixel, gtm, ga]);
}
