import { useSyncExternalStore } from 'react';

/**
 * Whether the screen is wide enough for the menu and the cart side by side
 * (ADR 048): 1024 px, the width of `styles/menu-layout.css` (a media query's
 * width, like `innerWidth`, includes the scrollbar). Follows resizes and rotations.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    (changed) => {
      addEventListener('resize', changed);
      return () => removeEventListener('resize', changed);
    },
    () => innerWidth >= 1024,
  );
}
