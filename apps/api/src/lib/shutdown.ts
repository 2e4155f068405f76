/** One part of a shutdown, named so that a log line can say which part hung. */
export interface ShutdownStep {
  name: string;
  run(): Promise<void>;
}

export interface ShutdownOutcome {
  /** The step that was still running when the deadline passed (undefined: everything closed in time). */
  hung: string | undefined;
  /** Steps never started because the deadline had passed. */
  abandoned: string[];
  /** Steps that threw: closed badly, but not hanging, so the next steps still ran. */
  failed: { name: string; error: unknown }[];
  elapsedMs: number;
}

/**
 * Runs the steps one after the other under one deadline for all of them. A
 * step that is still running when the deadline passes is left running (a
 * close that never resolves cannot be cancelled, only abandoned) and the
 * steps after it are not started: the caller exits the process anyway.
 */
export async function shutdownRun(steps: ShutdownStep[], timeoutMs: number): Promise<ShutdownOutcome> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const failed: ShutdownOutcome['failed'] = [];
  for (const [index, step] of steps.entries()) {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), Math.max(0, deadline - Date.now()));
    });
    const finished = step.run().then(
      () => 'done' as const,
      (error: unknown) => {
        failed.push({ name: step.name, error });
        return 'done' as const;
      },
    );
    const result = await Promise.race([finished, expired]);
    clearTimeout(timer);
    if (result === 'expired') {
      return {
        hung: step.name,
        abandoned: steps.slice(index + 1).map((next) => next.name),
        failed,
        elapsedMs: Date.now() - started,
      };
    }
  }
  return { hung: undefined, abandoned: [], failed, elapsedMs: Date.now() - started };
}
