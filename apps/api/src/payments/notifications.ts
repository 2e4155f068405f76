/**
 * Provider notifications: verified, de-duplicated, scoped to the account that
 * verified them, and settled only at the order's amount and currency (ADR 016;
 * see `flow-common.ts` for the rules every flow keeps).
 */
import { HttpError, notFound } from '../lib/http-error';
import { fromProviderPayment, paymentApply } from './apply';
import { minorOf, type PaymentsDeps, paymentAccountIdOf, paymentReferenceParse } from './flow-common';
import { paymentMessages } from './messages';
import { type NotificationInput, NotificationRejected, type ProviderPayment } from './provider';
import { ACCOUNT_NAMES, paymentProviderFor } from './registry';
import {
  notificationSeen,
  type PaymentOrder,
  type PaymentRow,
  paymentById,
  paymentByProviderReference,
  paymentOrderById,
  providerAccountById,
} from './repository';

/** What happened to a notification. */
export type NotificationOutcome = 'PROCESSED' | 'DUPLICATE' | 'IGNORED';

type NotifyingProvider = 'MERCADOPAGO' | 'SANDBOX';

/**
 * The company whose payments an account's notifications may settle: the
 * account row's company; undefined for the environment's keys and the
 * sandbox (their payments are found by `provider_account_id IS NULL`, checked
 * in `paymentOfAccount`). An unknown account, or one of another provider, is
 * refused like a bad signature, so the answer says nothing of which ids exist.
 */
async function accountCompany(
  deps: PaymentsDeps,
  provider: NotifyingProvider,
  accountId: number | null,
): Promise<number | undefined> {
  if (accountId === null) return undefined;
  if (provider !== 'MERCADOPAGO') throw new NotificationRejected('the sandbox has no accounts');
  const account = await providerAccountById(deps.db, accountId);
  if (!account || !ACCOUNT_NAMES.MERCADOPAGO.includes(account.provider.toUpperCase())) {
    throw new NotificationRejected('unknown account');
  }
  return account.companyId;
}

/**
 * The payment a verified notification is about, among the payments of the
 * account that verified it: by the provider's id, else (a create whose answer
 * was lost) by our external reference. Every lookup is scoped by the account's
 * company; a payment found that another account made is refused (undefined).
 */
async function paymentOfAccount(
  deps: PaymentsDeps,
  provider: NotifyingProvider,
  account: { id: number | null; companyId: number | undefined },
  remote: ProviderPayment,
): Promise<{ payment: PaymentRow; context: PaymentOrder } | undefined> {
  let payment = await paymentByProviderReference(deps.db, [provider], remote.id, account.companyId);
  if (!payment) {
    const reference = paymentReferenceParse(remote.externalReference);
    const candidate = reference
      ? await paymentById(deps.db, reference.paymentId, account.companyId)
      : undefined;
    const context = candidate
      ? await paymentOrderById(deps.db, candidate.orderId, candidate.companyId)
      : undefined;
    if (candidate && context && candidate.provider === provider && context.order.code === reference?.code) {
      payment = candidate;
    }
  }
  if (!payment) {
    deps.log.warn({ provider, accountId: account.id }, 'notification about an unknown payment');
    return undefined;
  }
  if (payment.provider !== provider || paymentAccountIdOf(payment) !== account.id) {
    deps.log.warn(
      { provider, accountId: account.id, paymentId: payment.id },
      'notification verified by an account that did not make the payment; refused',
    );
    return undefined;
  }
  const context = await paymentOrderById(deps.db, payment.orderId, payment.companyId);
  return context ? { payment, context } : undefined;
}

/**
 * Whether the provider charged what the order expects: its total in its
 * currency. A provider that reports no currency (the sandbox) is held to the
 * amount only; Mercado Pago always reports one.
 */
function chargeMatches(provider: NotifyingProvider, remote: ProviderPayment, context: PaymentOrder): boolean {
  if (minorOf(remote.amountMajor, context.mantissaLength) !== context.order.price) return false;
  if (remote.currency === null) return provider === 'SANDBOX';
  return remote.currency.toUpperCase() === context.currency.toUpperCase();
}

/**
 * A provider's notification (Mercado Pago's webhook, the sandbox's
 * delivery), for the account named in its URL (`accountId`; null for the
 * environment's keys and the sandbox): the signature is verified with that
 * account's secret (`NotificationRejected` otherwise), a repeat is
 * acknowledged and ignored, and the payment's status is fetched from the
 * provider with that account's token — the notification's body is never
 * believed. Only a payment that account made, of its company, charged at the
 * order's amount and currency, is settled; anything else is logged and
 * answered like an unknown payment (`IGNORED`), changing nothing. A failed
 * fetch throws `ProviderError` (answer 5xx: the provider sends it again).
 */
export async function paymentNotificationReceive(
  deps: PaymentsDeps,
  providerKey: NotifyingProvider,
  input: NotificationInput,
  accountId: number | null,
): Promise<NotificationOutcome> {
  const companyId = await accountCompany(deps, providerKey, accountId);
  const provider = await paymentProviderFor(deps, providerKey, accountId).catch((error: unknown) => {
    // No keys for this account (e.g. no environment token): nothing can be verified.
    throw error instanceof HttpError ? new NotificationRejected('account not configured') : error;
  });
  if (!provider.notificationVerify || !provider.paymentGet) throw notFound(paymentMessages.paymentUnknown);
  const verified = provider.notificationVerify(input);
  if (verified.topic !== 'payment') return 'IGNORED';
  if (await notificationSeen(deps.db, providerKey, verified.notificationId)) return 'DUPLICATE';

  const remote = await provider.paymentGet(verified.resourceId);
  const found = await paymentOfAccount(deps, providerKey, { id: accountId, companyId }, remote);
  if (!found) return 'IGNORED';
  const { payment, context } = found;
  if (!chargeMatches(providerKey, remote, context)) {
    deps.log.warn(
      {
        provider: providerKey,
        accountId,
        paymentId: payment.id,
        expectedMinor: context.order.price,
        expectedCurrency: context.currency,
        reportedMajor: remote.amountMajor,
        reportedCurrency: remote.currency,
      },
      'provider reports another amount or currency; notification refused',
    );
    return 'IGNORED';
  }
  const applied = await paymentApply(deps, payment.id, fromProviderPayment(remote), context.mantissaLength, {
    notification: {
      provider: providerKey,
      id: verified.notificationId,
      payload: { topic: verified.topic, resourceId: verified.resourceId, status: remote.providerStatus },
    },
  });
  return applied.duplicate ? 'DUPLICATE' : 'PROCESSED';
}
