/**
 * Texts of the payment flows. The spec's own come from packages/domain
 * (`orderErrorMessages`, `followUpMessages`); the rest are ours, for the
 * refusals the spec does not word.
 */
import { followUpMessages, orderErrorMessages } from '@comanda/domain/messages';

export const paymentMessages = {
  /** Spec: the payment result. */
  succeeded: orderErrorMessages.paymentSucceeded,
  failed: orderErrorMessages.paymentFailed,
  /** Spec: an unpaid card order past its payment window. */
  expired: followUpMessages.paymentExpired,
  /** Spec: starting a payment failed (provider down or not configured). */
  startFailed: orderErrorMessages.paymentStartFailed,
  /** Spec: the payment link call failed. */
  linkFailed: orderErrorMessages.paymentLinkFailed,
  /** (ours) The provider has not decided yet. */
  processing: 'Estamos procesando tu pago. Te avisaremos cuando se confirme.',
  /** (ours) */
  orderNotFound: (code: string) => `No existe el pedido ${code}`,
  alreadyPaid: 'El pedido ya está pago',
  orderCanceled: 'El pedido fue cancelado',
  notOnline: 'Este pedido no se paga en línea',
  inProgress: 'Ya hay un pago en curso para este pedido; espere el resultado',
  flowUnsupported: 'El medio de pago del pedido no admite este tipo de pago',
  providerMismatch: 'El pedido no se paga con este proveedor',
  amountMismatch: 'El monto no coincide con el total del pedido',
  referenceInvalid: 'La referencia debe ser {idDelLocal}-{códigoDelPedido}',
  returnInvalid: 'Faltan los datos de retorno del pago',
  paymentUnknown: 'No existe el pago',
} as const;
