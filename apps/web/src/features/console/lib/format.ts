/** Console readings: money and labels (Spanish UI); times: hooks/use-console-moment.ts. */
import { type Minor, type MoneyCountry, moneyFormat, moneyToMinor } from '@comanda/domain/money';
import type { BoardState, OrderStatus } from '../api/console-api';

/** Money in major units as the venue reads it (`$ 8.500`); plain digits until the country is known. */
export function money(amount: number, country: MoneyCountry | null): string {
  if (!country) return new Intl.NumberFormat('es-AR').format(amount);
  return moneyFormat(moneyToMinor(amount, country.mantissaLength) as Minor, country);
}

export const BOARD_STATES: readonly { state: BoardState; status: OrderStatus; label: string }[] = [
  { state: 'new', status: 'GENERATED', label: 'Nuevos' },
  { state: 'accepted', status: 'ACCEPTED', label: 'Aceptados' },
  { state: 'ready', status: 'READY', label: 'Listos' },
  { state: 'delivered', status: 'DELIVERED', label: 'Entregados' },
  { state: 'canceled', status: 'CANCELED', label: 'Cancelados' },
];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  GENERATED: 'Nuevo',
  ACCEPTED: 'Aceptado',
  READY: 'Listo',
  DELIVERED: 'Entregado',
  CANCELED: 'Cancelado',
};

/** The button of each move the state machine may allow. */
export const MOVE_LABELS: Record<Exclude<OrderStatus, 'GENERATED'>, string> = {
  ACCEPTED: 'Aceptar',
  READY: 'Marcar listo',
  DELIVERED: 'Marcar entregado',
  CANCELED: 'Cancelar pedido',
};

export const MODE_LABELS: Record<string, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Retiro en el local',
  DINE_IN: 'Comer en el local',
  SELF_SERVICE: 'Autoservicio',
};

export const OUTBOX_STATUS_LABELS: Record<string, string> = {
  PENDING: 'En espera',
  SENT: 'Enviado',
  FAILED: 'Falló',
  KEPT: 'Guardado (sin proveedor)',
};

/**
 * The order's payment state as the server derives it (packages/domain
 * `orderPaymentState`): PROCESSING only while a payment is at the provider,
 * UNPAID until then, EXPIRED once the payment window ended.
 */
export const PAYMENT_STATE_LABELS: Record<string, string> = {
  NOT_REQUIRED: 'Se paga en el local o al recibir',
  PAID: 'Pagado',
  PROCESSING: 'Pago en proceso',
  UNPAID: 'Pago pendiente',
  EXPIRED: 'Pago vencido',
};

/** (ours) What a board card adds to its payment type while an online payment is missing. */
const PAYMENT_STATE_NOTES: Record<string, string> = {
  PROCESSING: 'pago en proceso',
  UNPAID: 'sin pagar',
  EXPIRED: 'pago vencido',
};

/** The card's payment note (' · sin pagar'), or '' when nothing is owed online. */
export function paymentNote(paymentState: string): string {
  const note = PAYMENT_STATE_NOTES[paymentState];
  return note ? ` · ${note}` : '';
}
