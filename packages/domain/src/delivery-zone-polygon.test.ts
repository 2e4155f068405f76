import { describe, expect, it } from 'vitest';
import { deliveryZonePolygonProblem, geoRingCorners, geoSegmentsIntersect } from './delivery-zone-polygon';

const square: [number, number][] = [
  [-58.47, -34.55],
  [-58.39, -34.55],
  [-58.39, -34.61],
  [-58.47, -34.61],
  [-58.47, -34.55],
];

describe('delivery zone polygon shape: closed, 3 distinct corners, no crossing edges', () => {
  it('accepts a square and a triangle', () => {
    expect(deliveryZonePolygonProblem(square)).toBeNull();
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('refuses an open ring', () => {
    expect(deliveryZonePolygonProblem(square.slice(0, 4))).toBe('open');
    expect(deliveryZonePolygonProblem([])).toBe('open');
  });

  it('refuses two points, or a ring whose corners repeat down to two', () => {
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe('tooFewPoints');
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [1, 1],
        [1, 1],
        [0, 0],
      ]),
    ).toBe('tooFewPoints');
  });

  it('refuses a bow tie, a corner visited twice and a spike folding back on its edge', () => {
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ]),
    ).toBe('selfIntersecting');
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [2, 0],
        [1, 1],
        [2, 0],
        [2, 2],
        [0, 0],
      ]),
    ).toBe('selfIntersecting');
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe('selfIntersecting');
  });

  it('accepts a concave ring (an L) whose edges do not cross', () => {
    expect(
      deliveryZonePolygonProblem([
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 2],
        [0, 2],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('tells crossing, touching and apart segments', () => {
    expect(geoSegmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(geoSegmentsIntersect([0, 0], [2, 0], [1, 0], [1, 1])).toBe(true);
    expect(geoSegmentsIntersect([0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
    expect(geoRingCorners(square)).toHaveLength(4);
  });
});
