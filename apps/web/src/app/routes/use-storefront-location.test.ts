import { describe, expect, it } from 'vitest';
import { LOCATION_STORAGE_KEY } from '../../stores/location-store';
import { STORED_LOCATION_KEY } from './use-storefront-location';

describe('the storefront reads the location store lazily', () => {
  it('looks for a kept location under the key the location store writes', () => {
    expect(STORED_LOCATION_KEY).toBe(LOCATION_STORAGE_KEY);
  });
});
