import type { MessagingAdapter } from './messaging-adapter';

/**
 * The local default: no messaging provider is configured, so a message is not
 * sent anywhere; it stays in the outbox as KEPT and the orders console lists
 * it (`GET /api/console/outbox`), so staff can still see what the diner was
 * to be told.
 */
export function outboxKeepAdapter(): MessagingAdapter {
  return {
    name: 'outbox',
    async send() {
      return { status: 'KEPT' };
    },
  };
}
