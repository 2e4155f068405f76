import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Where the diner left each page, by path: the declarative router has no
// ScrollRestoration (that needs the data router, 16 KB more; router.tsx).
const positions = new Map<string, number>();

/**
 * Every navigation to a new page opens at its top; back and forward put the
 * page back where the diner left it (ADR 050). The page may not be tall enough
 * yet when it comes back (a lazy screen, the menu still loading), so the
 * position is asked for again each frame, for up to 120 frames (about two
 * seconds), until it holds. A change of the query or the hash alone (a filter,
 * the skip link) leaves the position alone, and a reload is the browser's to
 * restore. A layout effect: the old page stops recording before the new one
 * can clamp the position and fire a scroll event.
 */
export function ScrollMemory() {
  const { pathname } = useLocation();
  const pop = useNavigationType() === 'POP';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new path; how it came is read then.
  useLayoutEffect(() => {
    const y = pop ? positions.get(pathname) : 0;
    let frames = 120;
    let frame = 0;
    const place = () => {
      scrollTo(0, y ?? 0);
      if (scrollY !== y && --frames) frame = requestAnimationFrame(place);
    };
    if (y !== undefined) place();
    const save = () => positions.set(pathname, scrollY);
    addEventListener('scroll', save);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', save);
    };
  }, [pathname]);
  return null;
}
