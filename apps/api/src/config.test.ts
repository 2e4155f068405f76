import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('keeps 20 PostgreSQL connections unless told otherwise, and refuses a size that is not a count', () => {
    expect(configFromEnv({}).databasePoolSize).toBe(20);
    expect(configFromEnv({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be at least 1');
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: 'seis' })).toThrow('DATABASE_POOL_SIZE');
  });
});
