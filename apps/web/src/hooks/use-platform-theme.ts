import { useEffect } from 'react';
import { themeApply } from '../lib/theme';

/**
 * Follows the device's light/dark preference with the platform's default
 * colours: the staff screens (the console and the venue's management) belong
 * to no branch, so no venue's colours apply.
 */
export function usePlatformTheme(): void {
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => themeApply(null, null, query.matches ? 'dark' : 'light');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
}
