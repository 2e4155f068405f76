import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { riderVibrate } from '../lib/device';
import { type OutboxItem, outboxOnSettled } from '../lib/outbox';
import { riderTexts, STATUS_TOASTS } from '../lib/texts';

/**
 * Tells the rider how the changes kept while offline went once the connection
 * returned: the status's success toast, or why it was refused (taken by
 * another rider: the failure vibration). `concerns` picks the page's own;
 * `after` runs once one of them is answered (the page reads the server again).
 */
export function useOutboxReplayToasts(
  riderId: number,
  concerns: (item: OutboxItem) => boolean,
  after: () => void,
): void {
  const toast = useToast();
  const handlers = useRef({ concerns, after });
  handlers.current = { concerns, after };
  useEffect(
    () =>
      outboxOnSettled(({ item, outcome }) => {
        if (item.body.rider_id !== riderId || !handlers.current.concerns(item)) return;
        if (outcome.result === 'sent') {
          const status = item.body.status;
          if (status) {
            toast(STATUS_TOASTS[status] ?? item.label, 'success');
            riderVibrate('success');
          }
        } else {
          const refusal = item.refusal;
          toast(
            refusal?.takenByOther || outcome.error.status === 409
              ? riderTexts.takenByOther
              : outcome.error.message,
            'error',
          );
          riderVibrate('failure');
        }
        handlers.current.after();
      }),
    [riderId, toast],
  );
}
