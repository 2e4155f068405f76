/**
 * The paths whose pages have an entry of their own (main.tsx, vite.config.ts's
 * entryCopies): read by the tiny entry chunk before any page code loads.
 */

/** A tracking link opened directly: `/logistics/tracking/order/{alias}/{orderCode}` (follow-up §2.1). */
export const TRACKING_PAGE_PATH = /^\/logistics\/tracking\/order\/([^/]+)\/([^/]+)\/?$/;

/** The rider app: `/logistics` and every `/logistics/…` path but tracking's (follow-up §2.1). */
export const RIDER_APP_PATH = /^\/logistics(?:\/?$|\/(?!tracking\/))/;
