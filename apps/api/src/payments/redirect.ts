/**
 * The Webpay-style redirect flow: `redirectStart` (`POST /api/callback/{provider}/{a}-{b}`),
 * `redirectTarget` (our auto-submit page) and `redirectReturn`
 * (`/api/payments/webpay/return`), committed exactly once (see `flow-common.ts` for the rules).
 */
import { randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../lib/http-error';
import { orderAmountMajor } from '../services/order-service';
import {
  fromRedirectResult,
  paymentApply,
  paymentApplyLocked,
  paymentLockWithOrder,
  publishAfterCommit,
} from './apply';
import {
  detailOf,
  followUpPath,
  orderFor,
  type PaymentsDeps,
  paymentAccountIdOf,
  paymentReference,
  paymentStartCheck,
  webpayReturnUrl,
} from './flow-common';
import { paymentMessages } from './messages';
import { PAYMENT_FINAL_STATUSES, ProviderError, providerNameOf } from './provider';
import { paymentProviderFor, paymentProviderForOrder } from './registry';
import {
  orderLock,
  type PaymentDetail,
  type PaymentRow,
  paymentById,
  paymentByProviderReference,
  paymentInsert,
  paymentOrderById,
  paymentsOfOrderLocked,
  paymentUpdate,
} from './repository';
/** What the browser needs to go to the provider: POST `token_ws` = `token` to `url`. */
export interface RedirectStartView {
  url: string;
  token: string;
  method: 'POST';
  tokenField: 'token_ws';
  /** A page of ours that does that POST (its CSP allows exactly that form target). */
  redirectUrl: string;
}

/**
 * `POST /api/callback/{provider}/{branchContactId}-{orderCode}`: starts a
 * redirect payment of a card order. Older unfinished transactions of the
 * order are canceled (their return will not be committed).
 */
export async function redirectStart(
  deps: PaymentsDeps,
  input: { provider: string; reference: string },
): Promise<RedirectStartView> {
  const now = deps.clock.now();
  const match = /^(\d{1,10})-([A-Za-z0-9]{6,32})$/.exec(input.reference);
  if (!match) {
    throw new HttpError(400, paymentMessages.referenceInvalid, {
      'params.reference': paymentMessages.referenceInvalid,
    });
  }
  const context = await orderFor(deps, match[2] as string, Number(match[1]));
  const requested = providerNameOf(input.provider);
  if (!requested || requested !== providerNameOf(context.providerName)) {
    throw new HttpError(400, paymentMessages.providerMismatch, {
      'params.provider': paymentMessages.providerMismatch,
    });
  }
  const resolution = await paymentProviderForOrder(deps, context.order, context.providerName);
  const flow = resolution.provider.redirect;
  if (!flow) throw new HttpError(409, paymentMessages.flowUnsupported);
  const m = context.mantissaLength;

  const payment = await deps.db.transaction(async (tx) => {
    const order = await orderLock(tx, context.order.id);
    if (!order) throw notFound(paymentMessages.orderNotFound(context.order.code));
    paymentStartCheck(order, now, ['CARD_ONLINE']);
    const rows = await paymentsOfOrderLocked(tx, order.id);
    if (rows.some((row) => row.status === 'PROCESSING')) throw new HttpError(409, paymentMessages.inProgress);
    for (const row of rows) {
      if (detailOf(row).kind === 'REDIRECT' && (row.status === 'CREATED' || row.status === 'PENDING')) {
        await paymentUpdate(
          tx,
          row.id,
          { status: 'CANCELED', detail: { ...detailOf(row), error: 'superseded' } },
          new Date(now),
        );
      }
    }
    const detail: PaymentDetail = {
      kind: 'REDIRECT',
      requestedProvider: context.providerName,
      accountId: resolution.accountId,
    };
    return paymentInsert(tx, {
      companyId: order.companyId,
      orderId: order.id,
      provider: resolution.name,
      status: 'CREATED',
      amount: order.price,
      idempotencyKey: `redirect-${randomUUID()}`,
      detail: detail as unknown as Record<string, unknown>,
      providerAccountId: resolution.accountId,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });

  let started: { token: string; url: string };
  try {
    started = await flow.start({
      buyOrder: paymentReference(context.order.code, payment.id),
      sessionId: String(payment.id),
      amountMajor: orderAmountMajor(context.order, m),
      returnUrl: webpayReturnUrl(deps),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'redirect payment start failed');
    await deps.db.transaction(async (tx) => {
      const locked = await paymentLockWithOrder(tx, payment.id);
      if (locked) {
        await paymentUpdate(
          tx,
          payment.id,
          { status: 'CANCELED', detail: { ...detailOf(locked.payment), error: error.message } },
          new Date(deps.clock.now()),
        );
      }
    });
    throw new HttpError(502, paymentMessages.startFailed);
  }
  await deps.db.transaction(async (tx) => {
    const locked = await paymentLockWithOrder(tx, payment.id);
    if (!locked) return;
    await paymentUpdate(
      tx,
      payment.id,
      {
        status: 'PENDING',
        providerPaymentId: started.token,
        detail: { ...detailOf(locked.payment), url: started.url },
      },
      new Date(deps.clock.now()),
    );
  });
  return {
    url: started.url,
    token: started.token,
    method: 'POST',
    tokenField: 'token_ws',
    redirectUrl: `${deps.config.publicUrl}/api/payments/webpay/redirect?token_ws=${encodeURIComponent(started.token)}`,
  };
}

/** The provider URL a started redirect payment POSTs its token to (for our auto-submit page). */
export async function redirectTarget(
  deps: PaymentsDeps,
  token: string,
): Promise<{ url: string; token: string } | undefined> {
  const payment = await paymentByProviderReference(deps.db, ['TRANSBANK', 'SANDBOX'], token);
  const url = payment ? detailOf(payment).url : undefined;
  if (payment?.status !== 'PENDING' || !url) return undefined;
  return { url, token };
}

/**
 * Commits a returned Webpay transaction at most once. The commit is claimed
 * on the row (under the order's lock) before the call: a second return, a
 * concurrent one, or one after a lost answer finds the claim and asks the
 * provider for the status instead.
 */
async function redirectCommitOnce(
  deps: PaymentsDeps,
  payment: PaymentRow,
  mantissaLength: number,
): Promise<void> {
  const token = payment.providerPaymentId;
  if (!token) return;
  const at = deps.clock.now();
  const claim = await deps.db.transaction(async (tx) => {
    const locked = await paymentLockWithOrder(tx, payment.id);
    if (!locked) return { kind: 'DONE' as const };
    const detail = detailOf(locked.payment);
    if (PAYMENT_FINAL_STATUSES.has(locked.payment.status)) return { kind: 'DONE' as const };
    if (detail.commit) return { kind: 'CLAIMED' as const, commit: detail.commit };
    if (locked.order.paymentStatus === 'PAID') {
      // Paid meanwhile by another payment: this one is never committed (Webpay reverses it).
      await paymentUpdate(
        tx,
        payment.id,
        { status: 'CANCELED', detail: { ...detail, error: 'order already paid' } },
        new Date(at),
      );
      return { kind: 'DONE' as const };
    }
    const commit = { startedAt: new Date(at).toISOString() };
    const applied = await paymentApplyLocked(
      deps,
      tx,
      { ...locked, mantissaLength },
      { status: 'PROCESSING', detail: { commit } },
      at,
    );
    return { kind: 'COMMIT' as const, commit, orderChanged: applied.orderChanged, code: locked.order.code };
  });
  if (claim.kind === 'DONE') return;
  if (claim.kind === 'COMMIT' && claim.orderChanged) await publishAfterCommit(deps, claim.code);

  const provider = await paymentProviderFor(deps, payment.provider, paymentAccountIdOf(payment));
  const flow = provider.redirect;
  if (!flow) return;
  if (claim.kind === 'COMMIT') {
    try {
      const result = await flow.commit(token);
      const commit = { ...claim.commit, answeredAt: new Date(deps.clock.now()).toISOString() };
      await paymentApply(deps, payment.id, fromRedirectResult(result, { commit }), mantissaLength);
      return;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Lost (timeout, 5xx) or refused (4xx, e.g. already committed): the status query below decides.
      deps.log.warn(
        { paymentId: payment.id, err: error.message },
        'Webpay commit answer lost; asking for the status',
      );
      await paymentApply(
        deps,
        payment.id,
        { status: 'PROCESSING', detail: { commit: { ...claim.commit, lost: true } } },
        mantissaLength,
      );
    }
  }
  try {
    const result = await flow.status(token);
    if (result.committed && result.status !== 'PENDING') {
      await paymentApply(deps, payment.id, fromRedirectResult(result), mantissaLength);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'Webpay status query failed');
  }
}

const param = (params: Record<string, unknown>, name: string): string | null => {
  const value = params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(first) ? first : null;
};

/**
 * The diner is back from Webpay (or the sandbox's form), by GET or POST.
 * `token_ws` alone: commit once. `TBK_TOKEN` (with or without `token_ws`):
 * aborted or failed on the form, never committed. Only `TBK_ORDEN_COMPRA` +
 * `TBK_ID_SESION`: the form timed out. Answers where to send the browser:
 * the order's follow-up page with `token_ws`, so it refetches the order and
 * shows the result.
 */
export async function redirectReturn(deps: PaymentsDeps, params: Record<string, unknown>): Promise<string> {
  const tokenWs = param(params, 'token_ws');
  const tbkToken = param(params, 'TBK_TOKEN');
  const buyOrder = param(params, 'TBK_ORDEN_COMPRA');
  const sessionId = param(params, 'TBK_ID_SESION');
  const providers = ['TRANSBANK', 'SANDBOX'] as const;

  let payment: PaymentRow | undefined;
  let outcome: 'COMMIT' | 'ABORTED' | 'FORM_ERROR' | 'TIMEOUT';
  if (tokenWs && !tbkToken) {
    outcome = 'COMMIT';
    payment = await paymentByProviderReference(deps.db, providers, tokenWs);
  } else if (tbkToken) {
    outcome = tokenWs ? 'FORM_ERROR' : 'ABORTED';
    payment =
      (await paymentByProviderReference(deps.db, providers, tbkToken)) ??
      (tokenWs ? await paymentByProviderReference(deps.db, providers, tokenWs) : undefined);
  } else if (buyOrder && sessionId && /^\d{1,12}$/.test(sessionId)) {
    outcome = 'TIMEOUT';
    const candidate = await paymentById(deps.db, Number(sessionId));
    const context = candidate ? await paymentOrderById(deps.db, candidate.orderId) : undefined;
    if (
      candidate &&
      context &&
      detailOf(candidate).kind === 'REDIRECT' &&
      paymentReference(context.order.code, candidate.id) === buyOrder
    ) {
      payment = candidate;
    }
  } else {
    throw new HttpError(400, paymentMessages.returnInvalid, { token_ws: paymentMessages.returnInvalid });
  }
  if (!payment || detailOf(payment).kind !== 'REDIRECT') throw notFound(paymentMessages.paymentUnknown);
  const context = await paymentOrderById(deps.db, payment.orderId);
  if (!context) throw notFound(paymentMessages.paymentUnknown);

  if (outcome === 'COMMIT') {
    await redirectCommitOnce(deps, payment, context.mantissaLength);
  } else {
    await paymentApply(
      deps,
      payment.id,
      {
        status: outcome === 'TIMEOUT' ? 'EXPIRED' : 'CANCELED',
        detail: { returnedAs: outcome === 'TIMEOUT' ? 'TIMEOUT' : outcome },
      },
      context.mantissaLength,
      { unlessCommitClaimed: true },
    );
  }
  return followUpPath(context.branchContact.alias, context.order.code, {
    token_ws: tokenWs ?? tbkToken ?? payment.providerPaymentId ?? '',
  });
}
