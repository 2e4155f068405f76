import { useState } from 'react';

/** ordering §8: an image that fails to load becomes a transparent placeholder. */
export const TRANSPARENT_PIXEL =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * `GET /api/diner/file/{id}/url` answers JSON, which an <img> cannot use; the
 * storefront reads images through a redirecting twin so the browser loads them
 * lazily, in its own order, without a script call per plate.
 */
export function imageUrl(type: 'PLATE' | 'CATEGORY', id: number): string {
  return `/api/storefront-extras/image/${type}/${id}`;
}

/**
 * An image in a box of fixed proportions, reserved before it loads (no layout
 * shift), loaded lazily unless it is near the top (`priority`).
 */
export function PlateImage({
  src,
  className,
  priority = false,
}: {
  src: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`image-box${className ? ` ${className}` : ''}`}>
      <img
        src={failed ? TRANSPARENT_PIXEL : src}
        alt=""
        width="160"
        height="120"
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
