/**
 * The shape a delivery zone's polygon must have (tenant format `[lng, lat]`
 * ring) for "inside" to mean what the venue drew: closed (the last point
 * repeats the first), at least 3 distinct corners, and no edge crossing
 * another (a crossed ring, a bow tie, leaves holes where the even-odd rule of
 * `geoPolygonContains` says "outside"). The tenant import refuses a ring with
 * a problem; the console's zone editor checks the same rule before sending.
 */

export type GeoRing = readonly (readonly [number, number])[];

export type DeliveryZonePolygonProblem = 'open' | 'tooFewPoints' | 'selfIntersecting';

const samePoint = (a: readonly [number, number] | undefined, b: readonly [number, number] | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** Orientation of the turn a→b→c: 1 counter-clockwise, -1 clockwise, 0 collinear. */
function turn(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]) {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return cross > 0 ? 1 : cross < 0 ? -1 : 0;
}

/** Whether c, collinear with a–b, lies on the segment a–b. */
function onSegment(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]) {
  return (
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments p1–p2 and q1–q2 share any point (touching counts). */
export function geoSegmentsIntersect(
  p1: readonly [number, number],
  p2: readonly [number, number],
  q1: readonly [number, number],
  q2: readonly [number, number],
): boolean {
  const d1 = turn(q1, q2, p1);
  const d2 = turn(q1, q2, p2);
  const d3 = turn(p1, p2, q1);
  const d4 = turn(p1, p2, q2);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && onSegment(q1, q2, p1)) ||
    (d2 === 0 && onSegment(q1, q2, p2)) ||
    (d3 === 0 && onSegment(p1, p2, q1)) ||
    (d4 === 0 && onSegment(p1, p2, q2))
  );
}

/** The corners of a closed ring, without the repeated last point. */
export function geoRingCorners(ring: GeoRing): (readonly [number, number])[] {
  return samePoint(ring[0], ring[ring.length - 1]) && ring.length > 1 ? ring.slice(0, -1) : [...ring];
}

/**
 * What is wrong with a zone's polygon, or null when it is a proper ring.
 * Checked in this order: open, fewer than 3 distinct corners, edges that
 * cross or touch other than at their shared corner (a repeated corner counts).
 */
export function deliveryZonePolygonProblem(ring: GeoRing): DeliveryZonePolygonProblem | null {
  if (ring.length < 2 || !samePoint(ring[0], ring[ring.length - 1])) return 'open';
  const corners = geoRingCorners(ring);
  const distinct = new Set(corners.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3) return 'tooFewPoints';
  if (distinct.size < corners.length) return 'selfIntersecting';
  const n = corners.length;
  const edge = (i: number) => [corners[i % n], corners[(i + 1) % n]] as const;
  for (let i = 0; i < n; i++) {
    // Two consecutive edges share a corner; they overlap only when the ring folds back on itself.
    const [a, b] = edge(i);
    const [, c] = edge(i + 1);
    if (a && b && c && turn(a, b, c) === 0 && (onSegment(a, b, c) || onSegment(b, c, a))) {
      return 'selfIntersecting';
    }
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge is adjacent to the first
      const [p, q] = edge(j);
      if (a && b && p && q && geoSegmentsIntersect(a, b, p, q)) return 'selfIntersecting';
    }
  }
  return null;
}
