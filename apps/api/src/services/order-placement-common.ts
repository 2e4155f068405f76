/**
 * What the steps of an order placement share: the texts the domain has no
 * rule for, order codes, the per-field error collector and the prepared
 * placement (see order-service.ts for the steps).
 */
import { randomFillSync } from 'node:crypto';
import type { CheckoutError } from '@comanda/domain/checkout-validation';
import type { CodeDiscount } from '@comanda/domain/code-discount';
import type { CartItem, Country, DeliveryInfo, GeneralDiscount, PaymentMethod } from '@comanda/domain/types';
import { HttpError } from '../lib/http-error';
import type { CodeDiscountRow } from '../repositories/code-discount-repository';
import type { PaymentTypeRow } from '../repositories/order-mode-repository';
import type { PlacementContextRow, PlacementState } from '../repositories/order-placement-repository';
import type { DomainMenu, OrderModeContent } from './order-context';

/** (ours) Server-side refusals the domain has no rule text for. */
export const orderMessages = {
  priceChanged: 'El precio del pedido cambió',
  branchContactUnknown: (id: number) => `No existe el local ${id}`,
  branchContactBlocked: 'Este local no está recibiendo pedidos en este momento',
  orderModeUnavailable: 'El modo de pedido no está disponible en este local',
  typeMismatch: 'El tipo de pedido no coincide con el modo de pedido elegido',
  paymentTypeUnavailable: 'El medio de pago elegido no está disponible para este modo de pedido',
  plateUnknown: 'El producto no está en el menú de este modo de pedido',
  sizeRequired: 'Elija un tamaño válido para este producto',
  quantityInvalid: 'La cantidad debe ser un número entero mayor a cero',
  notesTooLong: (limit: number) => `Las notas no pueden superar los ${limit} caracteres`,
  coordinatesRequired: 'Indique la ubicación de la dirección en el mapa para calcular el envío',
  loyaltyUnavailable: 'El programa de puntos no está disponible en este local',
  loyaltyNeedsPhone: 'Debe ingresar su número de teléfono para canjear puntos',
  orderNotFound: (code: string) => `No existe el pedido ${code}`,
} as const;

// ---------------------------------------------------------------- order codes

/**
 * Order codes: 32 symbols without the look-alikes 0/O and 1/I, so a code read
 * aloud or copied by hand survives; 12 of them carry 60 random bits.
 */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_CODE_LENGTH = 12;

/** A new unguessable order code (crypto random, 5 bits per symbol, no modulo bias). */
export function orderCodeNew(): string {
  // Random bytes drawn 4 KB at a time (as node's randomUUID does): one system call per ~340 codes, not per
  // code. Every byte serves one code once.
  if (randomOffset + ORDER_CODE_LENGTH > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  let code = '';
  for (let index = 0; index < ORDER_CODE_LENGTH; index++) {
    code += ORDER_CODE_ALPHABET[(randomPool[randomOffset + index] as number) & 31];
  }
  randomOffset += ORDER_CODE_LENGTH;
  return code;
}

const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

// ---------------------------------------------------------------- field errors

/** Collects one message per field (the first failing rule of each), and the last message overall. */
export class FieldErrors {
  readonly fields: Record<string, string> = {};
  last: string | null = null;

  add(field: string, message: string): void {
    this.fields[field] ??= message;
    this.last = message;
  }

  get any(): boolean {
    return this.last !== null;
  }

  error(): HttpError {
    return new HttpError(400, this.last ?? 'Solicitud inválida', this.fields);
  }
}

// Where each checkout check's message goes in the payload.
export const checkoutFieldOf: Record<CheckoutError['code'], string> = {
  PHONE_REQUIRED: 'phone',
  NAME_REQUIRED: 'customerName',
  PHONE_INVALID: 'phone',
  TABLE_REQUIRED: 'tableUid',
  EMAIL_REQUIRED: 'customerEmail',
  EMAIL_INVALID: 'customerEmail',
  DOCUMENT_INVALID: 'document',
  PAYMENT_METHOD_REQUIRED: 'paymentType.id',
  CASH_AMOUNT_REQUIRED: 'paysWith',
  CASH_AMOUNT_UNDER_TOTAL: 'paysWith',
  ADDRESS_REQUIRED: 'destination.fullAddress',
  BETWEEN_STREETS_REQUIRED: 'destination.betweenStreets',
  MINIMUM_ORDER: 'items',
  NO_RIDERS: 'destination',
  OUTSIDE_AREA: 'destination',
  FEE_LOADING: 'destination',
  NO_CASH_RIDERS: 'paymentType.id',
  CARD_FIELDS_INCOMPLETE: 'card',
  CARD_FIELDS_INVALID: 'card',
  SCHEDULE_LOADING: 'scheduledAt',
  SCHEDULE_REQUIRED: 'scheduledAt',
};

// ---------------------------------------------------------------- prepare

/** Everything the preparation found; `errors` are answered only once the key is known to hold no answer. */
export interface Prepared {
  context: PlacementContextRow & { orderMode: NonNullable<PlacementContextRow['orderMode']> };
  country: Country;
  timeZone: string;
  content: OrderModeContent;
  menu: DomainMenu;
  paymentType: PaymentTypeRow | null;
  paymentMethod: PaymentMethod | null;
  items: CartItem[];
  phone: string | null;
  /**
   * The request carries a customer session for this phone of this company
   * (ADR 018): only then are points redeemed, balances told and a stored
   * customer's data refreshed.
   */
  phoneVerified: boolean;
  scheduled: boolean;
  scheduledAt: number | null;
  canOrderNow: boolean;
  canSchedule: boolean;
  deliveryInfo: DeliveryInfo | null;
  code: { row: CodeDiscountRow; discount: CodeDiscount } | null;
  /** The partner's benefits, verified for this request's user (empty without a partner). */
  externalBenefits: GeneralDiscount[];
  errors: FieldErrors;
  /** The venue switches and content version this was checked with (the guard of an optimistic write). */
  state: PlacementState;
}

export const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
