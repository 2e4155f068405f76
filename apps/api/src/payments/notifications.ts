/** Provider notifications: verified, de-duplicated, settled (see `flow-common.ts` for the rules). */
import { notFound } from '../lib/http-error';
import { fromProviderPayment, paymentApply } from './apply';
import { type PaymentsDeps, paymentReferenceParse } from './flow-common';
import { paymentMessages } from './messages';
import type { NotificationInput } from './provider';
import { paymentProviderFor } from './registry';
import { notificationSeen, paymentById, paymentByProviderReference, paymentOrderById } from './repository';
/** What happened to a notification. */
export type NotificationOutcome = 'PROCESSED' | 'DUPLICATE' | 'IGNORED';

/**
 * A provider's notification (Mercado Pago's webhook, the sandbox's
 * delivery): the signature is verified (`NotificationRejected` otherwise),
 * a repeat is acknowledged and ignored, and the payment's status is fetched
 * from the provider — the notification's body is never believed. A failed
 * fetch throws `ProviderError` (answer 5xx: the provider sends it again).
 */
export async function paymentNotificationReceive(
  deps: PaymentsDeps,
  providerKey: 'MERCADOPAGO' | 'SANDBOX',
  input: NotificationInput,
  accountId: number | null,
): Promise<NotificationOutcome> {
  const provider = await paymentProviderFor(deps, providerKey, accountId);
  if (!provider.notificationVerify || !provider.paymentGet) throw notFound(paymentMessages.paymentUnknown);
  const verified = provider.notificationVerify(input);
  if (verified.topic !== 'payment') return 'IGNORED';
  if (await notificationSeen(deps.db, providerKey, verified.notificationId)) return 'DUPLICATE';

  const remote = await provider.paymentGet(verified.resourceId);
  let payment = await paymentByProviderReference(deps.db, [providerKey], remote.id);
  if (!payment) {
    const reference = paymentReferenceParse(remote.externalReference);
    const candidate = reference ? await paymentById(deps.db, reference.paymentId) : undefined;
    const context = candidate ? await paymentOrderById(deps.db, candidate.orderId) : undefined;
    if (
      candidate &&
      context &&
      candidate.provider === providerKey &&
      context.order.code === reference?.code
    ) {
      payment = candidate;
    }
  }
  if (!payment) {
    deps.log.warn(
      { provider: providerKey, resourceId: verified.resourceId },
      'notification about an unknown payment',
    );
    return 'IGNORED';
  }
  const context = await paymentOrderById(deps.db, payment.orderId);
  if (!context) return 'IGNORED';
  const applied = await paymentApply(deps, payment.id, fromProviderPayment(remote), context.mantissaLength, {
    notification: {
      provider: providerKey,
      id: verified.notificationId,
      payload: { topic: verified.topic, resourceId: verified.resourceId, status: remote.providerStatus },
    },
  });
  return applied.duplicate ? 'DUPLICATE' : 'PROCESSED';
}
