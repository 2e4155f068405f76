import { shipmentMessages } from '@comanda/domain/messages';
import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/ui/toast';
import { riderVibrate } from '../lib/device';
import { type OutboxItem, outboxOnSettled } from '../lib/outbox';
import { riderTexts, STATUS_TOASTS } from '../lib/texts';

/**
 * Tells the rider how the changes kept while offline went once the connection
 * returned: the status's success toast, or why it was refused (taken by
 * another rider: the failure vibration). `concerns` picks the page's own;
 * `answered` gets the server's answer to a sent one, and `after` runs once
 * one of them is answered (the page reads the server again).
 */
export function useOutboxSettled(
  riderId: number,
  concerns: (item: OutboxItem) => boolean,
  after: () => void,
  answered?: (kind: OutboxItem['kind'], answer: unknown) => void,
): void {
  const toast = useToast();
  const handlers = useRef({ concerns, after, answered });
  handlers.current = { concerns, after, answered };
  useEffect(
    () =>
      outboxOnSettled(({ item, outcome, live }) => {
        if (item.body.rider_id !== riderId || !handlers.current.concerns(item)) return;
        if (outcome.result === 'sent') handlers.current.answered?.(item.kind, outcome.answer);
        // A change sent while the rider waited is told by the page that sent it.
        if (live) return;
        if (outcome.result === 'sent') {
          const status = item.body.status;
          if (status) {
            toast(STATUS_TOASTS[status] ?? item.label, 'success');
            riderVibrate('success');
          }
        } else {
          const { error } = outcome;
          const code = (error.body as { code?: unknown } | null)?.code;
          toast(
            code === 'EXPIRED_BY_OTHER'
              ? riderTexts.takenByOther
              : (error.fields.securityCode ?? shipmentMessages.updateFailed),
            'error',
          );
          riderVibrate('failure');
        }
        handlers.current.after();
      }),
    [riderId, toast],
  );
}
