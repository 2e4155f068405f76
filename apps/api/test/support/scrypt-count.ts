import { createHook } from 'node:async_hooks';

/**
 * How many scrypt computations Node starts while `work` runs, seen through async_hooks (the crypto
 * binding announces each as a SCRYPTREQUEST): proof that two paths cost the same without timing them,
 * which flakes on a busy machine.
 */
export async function scryptsDuring(work: () => Promise<unknown>): Promise<number> {
  let started = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'SCRYPTREQUEST') started++;
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return started;
}
