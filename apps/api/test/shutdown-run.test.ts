import { describe, expect, it } from 'vitest';
import { shutdownRun } from '../src/lib/shutdown';

// The deadline of a shutdown (server-shutdown.test.ts runs it in the real server).

const after = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<void>(() => {});

describe('shutdownRun', () => {
  it('runs every step in order when all close in time', async () => {
    const ran: string[] = [];
    const step = (name: string) => ({ name, run: async () => void ran.push(name) });
    const outcome = await shutdownRun([step('listener'), step('database')], 1000);
    expect(ran).toEqual(['listener', 'database']);
    expect(outcome).toMatchObject({ hung: undefined, abandoned: [], failed: [] });
  });

  it('abandons the step running at the deadline and never starts the ones after it', async () => {
    let started = false;
    const outcome = await shutdownRun(
      [
        { name: 'listener', run: after(10) },
        { name: 'database', run: never },
        {
          name: 'redis',
          run: async () => {
            started = true;
          },
        },
      ],
      200,
    );
    expect(outcome.hung).toBe('database');
    expect(outcome.abandoned).toEqual(['redis']);
    expect(started).toBe(false);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(195);
    expect(outcome.elapsedMs).toBeLessThan(1000);
  });

  it('counts the deadline over all steps, not per step', async () => {
    const outcome = await shutdownRun(
      [
        { name: 'first', run: after(150) },
        { name: 'second', run: after(150) },
      ],
      200,
    );
    expect(outcome.hung).toBe('second');
  });

  it('goes on after a step that fails, and reports it', async () => {
    const error = new Error('close failed');
    const outcome = await shutdownRun(
      [
        { name: 'jobs', run: () => Promise.reject(error) },
        { name: 'database', run: after(1) },
      ],
      1000,
    );
    expect(outcome).toMatchObject({ hung: undefined, failed: [{ name: 'jobs', error }] });
  });
});
