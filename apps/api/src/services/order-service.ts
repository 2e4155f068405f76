/**
 * Order placement (`POST /api/order`), the follow-up read, and the contract
 * other flows (payments, the orders console) build on.
 *
 * A placement is prepared (where the order goes, what it is priced with, every
 * check that needs no lock), evaluated (`pricingCompute` from the menu, never
 * from the client; the checkout checks; 409 with the server's breakdown when the
 * client's total differs) and written by one statement (`orderWrite`: customer,
 * order, lines, status event and the Idempotency-Key's answer). In order:
 *
 * 1. Optimistic: with the venue's switches as last seen (cached), the write
 *    claims the key and carries a guard that those switches and the content
 *    version still hold. One round trip for the common order.
 * 2. Fresh: anything else (a stale guard, a refusal, a key that exists) is
 *    decided again with fresh reads; with nothing to lock, the same claiming
 *    write. A refusal is answered only if the key holds no answer (a retry of
 *    a placed order gets its first answer, whatever changed since).
 * 3. Transactional: a discount code or points to redeem, or a key that exists,
 *    take one transaction: claim the key first (replay, 422, expired key), lock
 *    the code's row and the customer's row, evaluate under the locks, write,
 *    count the code's use and debit the points.
 *
 * Realtime events are returned as `deferred` and published by the route after
 * commit. Every rule and message comes from packages/domain; the few texts the
 * domain has no rule for (a plate not in the menu, a blocked location…) are in
 * `orderMessages` below, marked as ours. See ADR 009.
 */
import { randomBytes } from 'node:crypto';
import { type CheckoutError, checkoutValidate, documentToSend } from '@comanda/domain/checkout-validation';
import type { CodeDiscount } from '@comanda/domain/code-discount';
import { loyaltyIsActive } from '@comanda/domain/loyalty';
import {
  cartMessages,
  checkoutMessages,
  codeDiscountMessages,
  loyaltyMessages,
  scheduleMessages,
} from '@comanda/domain/messages';
import { type Minor, moneyMinor, moneyToMajor, moneyToMinor } from '@comanda/domain/money';
import { notesLimit, notesWithinLimit } from '@comanda/domain/notes';
import { paymentStatusOnSend, paymentTypeCounts } from '@comanda/domain/payment-type';
import { phoneToE164 } from '@comanda/domain/phone';
import {
  plateConfigurationExtras,
  plateConfigurationName,
  plateSelectionFromCartItem,
} from '@comanda/domain/plate-configuration';
import { type PricingBreakdown, pricingCompute } from '@comanda/domain/pricing';
import { scheduleDays, scheduleOrderTiming, scheduleSlotAt } from '@comanda/domain/schedule';
import type {
  CartItem,
  Country,
  DeliveryInfo,
  GeneralDiscount,
  PaymentMethod,
  Schedule,
} from '@comanda/domain/types';
import { minutes } from '@comanda/domain/types';
import { venueOrderText, venueWhatsAppLink } from '@comanda/domain/venue-message';
import type { Db, Queryable, Tx } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import type { Realtime } from '../plugins/app/realtime';
import { rooms } from '../plugins/app/realtime';
import {
  breakdownPresent,
  discountEntriesStored,
  orderConsolePresent,
  orderFollowUpPresent,
  orderPlacedPresent,
  type StoredExtraGroup,
  surchargeEntriesStored,
} from '../presenters/order-presenter';
import { countryPresent, schedulesPresent } from '../presenters/tenant-presenter';
import {
  type CodeDiscountRow,
  codeDiscountFind,
  codeDiscountLock,
  codeDiscountRedeem,
  codeDiscountTargets,
} from '../repositories/code-discount-repository';
import {
  type CustomerRow,
  customerHasOrdered,
  customerUpsertLocked,
  loyaltyAccrue,
  loyaltyRedeem,
  loyaltyRedemptionReverse,
} from '../repositories/customer-repository';
import type { PaymentTypeRow } from '../repositories/order-mode-repository';
import type { PlacementContextRow, PlacementState } from '../repositories/order-placement-repository';
import {
  type OrderItemInsert,
  type OrderRow,
  orderByCode,
  orderItemsOf,
  orderPaymentStatusUpdate,
  orderSurroundingsFind,
} from '../repositories/order-repository';
import {
  type CustomerUpsert,
  type OrderAnswerKey,
  type OrderWrite,
  orderWrite,
} from '../repositories/order-write-repository';
import type { OrderConsoleView, OrderFollowUpView, OrderPayload, OrderPlacedView } from '../schemas/order';
import { deliveryInfoForPoint } from './delivery-info-service';
import { externalBenefitsVerify } from './external-benefits-service';
import {
  IDEMPOTENCY_TTL_MS,
  idempotencyLookup,
  idempotencyPurgeExpired,
  idempotencyRequestHash,
  idempotent,
} from './idempotency';
import {
  type DomainMenu,
  type OrderModeContent,
  orderMenuGet,
  orderModeContentGet,
  orderModeOpenNow,
  placementContextGet,
} from './order-context';
import { outboxOrderNotificationValues } from './outbox-service';

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
  loyaltyNotWithDiscounts: (name: string) => `No se pueden canjear ${name} junto con otros descuentos`,
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
  const bytes = randomBytes(ORDER_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ORDER_CODE_ALPHABET[byte & 31];
  return code;
}

// ---------------------------------------------------------------- field errors

/** Collects one message per field (the first failing rule of each), and the last message overall. */
class FieldErrors {
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
const checkoutFieldOf: Record<CheckoutError['code'], string> = {
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
interface Prepared {
  context: PlacementContextRow & { orderMode: NonNullable<PlacementContextRow['orderMode']> };
  country: Country;
  timeZone: string;
  content: OrderModeContent;
  menu: DomainMenu;
  paymentType: PaymentTypeRow | null;
  paymentMethod: PaymentMethod | null;
  items: CartItem[];
  phone: string | null;
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

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * A cart item as the server rebuilds it from the payload: what identifies the
 * line (plate, size, quantity, garnishes, notes), with names from the menu.
 * The client's prices are dropped; pricing reads the menu.
 */
function cartItemFromPayload(item: OrderPayload['items'][number], menu: DomainMenu): CartItem {
  const referenceId = String(item.referenceId);
  const plate = menu.platesById.get(referenceId);
  const extras = (item.extras ?? []).map((group) => ({
    groupId: String(group.groupId),
    groupName: '',
    multipleSelection: false,
    groupItems: group.groupItems.map((extra) => ({
      referenceId: String(extra.referenceId),
      name: '',
      quantity: extra.quantity,
    })),
  }));
  const base: CartItem = {
    referenceId,
    referenceType: 'PLATE',
    name: '',
    notes: item.notes ?? '',
    quantity: item.quantity,
    price: moneyMinor(0),
    source: item.source === 'upselled' || item.source === 'edit' ? item.source : 'plate',
    extras,
  };
  if (item.sizeId != null) base.sizeId = String(item.sizeId);
  if (!plate) return base;
  const selection = plateSelectionFromCartItem(base);
  // Names from the menu; the garnishes the diner chose that the menu knows are kept with their menu names,
  // the rest stay as sent (nameless) so that pricing refuses them.
  const known = plateConfigurationExtras(plate, selection);
  const knownIds = new Set(
    known.flatMap((group) => group.groupItems.map((extra) => `${group.groupId}/${extra.referenceId}`)),
  );
  const unknown = extras
    .map((group) => ({
      ...group,
      groupItems: group.groupItems.filter(
        (extra) => extra.quantity !== 0 && !knownIds.has(`${group.groupId}/${extra.referenceId}`),
      ),
    }))
    .filter((group) => group.groupItems.length > 0);
  return {
    ...base,
    name: plateConfigurationName(plate, base.sizeId),
    extras: [...known, ...unknown],
    ...(plate.categoryId !== undefined ? { categoryId: plate.categoryId } : {}),
    ...(plate.categoryShowName !== undefined ? { categoryShowName: plate.categoryShowName } : {}),
    ...(plate.maxQuantity !== undefined ? { maxQuantity: plate.maxQuantity } : {}),
  };
}

/** A code discount row as packages/domain reads it, its plate and category resolved in the mode's menu. */
export function codeDiscountToDomain(
  row: CodeDiscountRow,
  targets: {
    plate: { id: number; showName: string; inMenu: boolean } | null;
    category: { id: number; showName: string; inMenu: boolean } | null;
  },
): CodeDiscount {
  // A required plate or category missing from this menu can never be in the cart: an id no line has.
  const targetOf = (target: { id: number; showName: string; inMenu: boolean } | null, key: string) =>
    target
      ? { id: target.inMenu ? String(target.id) : `absent:${target.id}`, showName: target.showName }
      : { id: `absent:${key}`, showName: key };
  const common = {
    code: row.code,
    id: String(row.id),
    active: row.active,
    ...(row.minimumOrderAmount !== null ? { minimumOrderAmount: moneyMinor(row.minimumOrderAmount) } : {}),
    ...(row.plateKey ? { plate: targetOf(targets.plate, row.plateKey) } : {}),
    ...(row.categoryKey ? { category: targetOf(targets.category, row.categoryKey) } : {}),
    firstTimeOnly: row.firstTimeOnly,
    ...(row.maximumDiscountAmount !== null
      ? { maximumDiscountAmount: moneyMinor(row.maximumDiscountAmount) }
      : {}),
    freeDelivery: row.freeDelivery,
    limitedUsage: row.limitedUsage,
    ...(row.usageLimit !== null ? { usageLimit: row.usageLimit } : {}),
  };
  if (row.type === 'FIXED') return { ...common, type: 'FIXED', value: moneyMinor(Math.round(row.value)) };
  if (row.type === 'PERCENT') return { ...common, type: 'PERCENT', value: row.value };
  return { ...common, type: 'FREE_DELIVERY', value: row.value };
}

/**
 * "Open now" of an order mode at `now` and, when `needSlots` or when it cannot
 * take an order now, the slots offered for later, as the storefront computes
 * them. The slots are only computed when needed: a week of 15-minute slots
 * costs tens of milliseconds, the most expensive step of a placement by far.
 * `canSchedule` is meaningful only when the slots were computed.
 */
export function orderModeTiming(
  db: Queryable,
  orderMode: NonNullable<PlacementContextRow['orderMode']>,
  context: {
    timeZone: string;
    now: number;
    manualClosing: boolean;
    needSlots: boolean;
    contentVersion: number;
  },
) {
  const schedules = schedulesPresent(orderMode.schedules) as Schedule[];
  // Manual closing stops orders for now; scheduling stays possible (domain README, "Schedules").
  const isOpen =
    !context.manualClosing &&
    orderModeOpenNow(
      db,
      { id: orderMode.id, schedules },
      { ...context, contentVersion: context.contentVersion },
    );
  const slotsNeeded = context.needSlots || !(orderMode.orderEnabled && isOpen);
  const days =
    orderMode.useSchedule && slotsNeeded
      ? scheduleDays(schedules, {
          now: context.now,
          timeZone: context.timeZone,
          minDelayInMinutes: minutes(Math.max(0, orderMode.minDelayInMinutes)),
        })
      : [];
  return {
    days,
    ...scheduleOrderTiming({
      orderEnabled: orderMode.orderEnabled,
      useSchedule: orderMode.useSchedule,
      isOpen,
      days,
    }),
  };
}

async function orderPrepare(
  db: Queryable,
  payload: OrderPayload,
  now: number,
  options: { fresh: boolean; authorization: string | undefined },
): Promise<Prepared> {
  const placement = await placementContextGet(db, payload.branchContact.id, payload.orderModeId, {
    fresh: options.fresh,
  });
  const found = placement?.context;
  if (!placement || !found) {
    throw new HttpError(400, orderMessages.branchContactUnknown(payload.branchContact.id), {
      'branchContact.id': orderMessages.branchContactUnknown(payload.branchContact.id),
    });
  }
  const { branchContact, branch, company, country: countryRow, orderMode } = found;
  if (!orderMode?.active) {
    throw new HttpError(400, orderMessages.orderModeUnavailable, {
      orderModeId: orderMessages.orderModeUnavailable,
    });
  }
  if (branchContact.blocked) {
    throw new HttpError(400, orderMessages.branchContactBlocked, {
      'branchContact.id': orderMessages.branchContactBlocked,
    });
  }
  if (!orderMode.orderEnabled) {
    throw new HttpError(400, cartMessages.orderingDisabled, { orderModeId: cartMessages.orderingDisabled });
  }
  const context = { ...found, orderMode };
  const country = countryPresent(countryRow) as Country;
  const timeZone = branchContact.timezone ?? country.timezone;
  const scope = {
    companyId: company.id,
    orderModeId: orderMode.id,
    branchContactId: branchContact.id,
    branchId: branch.id,
    contentVersion: company.contentVersion,
  };
  const [content, menu] = [
    await orderModeContentGet(db, scope),
    await orderMenuGet(db, { ...scope, menuId: orderMode.menuId, mantissaLength: country.mantissaLength }),
  ];
  const errors = new FieldErrors();

  if (payload.type !== undefined && payload.type !== orderMode.type)
    errors.add('type', orderMessages.typeMismatch);

  // Payment type: one of this mode's, counting (active, and an online one has a provider).
  const paymentType =
    content.paymentTypes.find((candidate) => candidate.row.id === payload.paymentType.id) ?? null;
  if (!paymentType || !paymentTypeCounts(paymentType.domain)) {
    errors.add('paymentType.id', orderMessages.paymentTypeUnavailable);
  }
  const paymentMethod = paymentType ? paymentType.domain.paymentMethod : null;

  // Lines, rebuilt from the menu; pricing refuses what the menu cannot price.
  const items = payload.items.map((item) => cartItemFromPayload(item, menu));
  const customization = branch.menuCustomization;
  const itemLimit = notesLimit(customization, 'item');
  payload.items.forEach((item, index) => {
    if (item.notes && !notesWithinLimit(item.notes, itemLimit) && itemLimit !== null) {
      errors.add(`items[${index}].notes`, orderMessages.notesTooLong(itemLimit));
    }
  });
  const orderLimit = notesLimit(customization, 'order');
  if (payload.notes && orderLimit !== null && !notesWithinLimit(payload.notes, orderLimit)) {
    errors.add('notes', orderMessages.notesTooLong(orderLimit));
  }

  // Phone in E.164 when valid (checkout validation reports an invalid one).
  const phoneCountry = country.code.toLowerCase();
  const phone = text(payload.phone) ? phoneToE164(payload.phone ?? '', phoneCountry) : null;

  // When: now, or one of the offered slots.
  const scheduledAtRequested = payload.scheduledAt ? Date.parse(payload.scheduledAt) : null;
  const scheduled =
    payload.scheduled === true || (payload.scheduled == null && scheduledAtRequested !== null);
  const timing = orderModeTiming(db, orderMode, {
    timeZone,
    now,
    manualClosing: branchContact.manualClosing,
    needSlots: scheduled,
    contentVersion: company.contentVersion,
  });
  let scheduledAt: number | null = null;
  if (scheduled && scheduledAtRequested !== null) {
    if (timing.canSchedule && scheduleSlotAt(timing.days, scheduledAtRequested))
      scheduledAt = scheduledAtRequested;
    else errors.add('scheduledAt', checkoutMessages.scheduleRequired);
  } else if (!scheduled && !timing.canOrderNow && !timing.canSchedule) {
    errors.add('scheduledAt', scheduleMessages.closedModal);
  }

  // Delivery info of the address: the fee lookup's own function (zones, then riders on shift).
  let deliveryInfo: DeliveryInfo | null = null;
  if (orderMode.type === 'DELIVERY') {
    const destination = payload.destination;
    if (destination?.lat != null && destination.lng != null) {
      const { info } = await deliveryInfoForPoint(db, branchContact.id, {
        lat: destination.lat,
        lng: destination.lng,
      });
      const { zoneName: _zone, ...rest } = info;
      deliveryInfo = rest;
    } else if (text(destination?.fullAddress)) {
      errors.add('destination.lat', orderMessages.coordinatesRequired);
    }
  }

  // Loyalty: redeeming needs an active programme here and an identified customer.
  const points = payload.loyaltyInfo?.redeemedPoints ?? 0;
  if (points > 0) {
    if (!loyaltyIsActive(content.loyaltyProgram, String(branchContact.id))) {
      errors.add('loyaltyInfo.redeemedPoints', orderMessages.loyaltyUnavailable);
    } else if (!phone) {
      errors.add('loyaltyInfo.redeemedPoints', orderMessages.loyaltyNeedsPhone);
    }
  }

  // Discount code of this brand; its usage is checked again under a lock in phase 2.
  let code: Prepared['code'] = null;
  const codeText = text(payload.codeDiscount);
  if (codeText) {
    const row = await codeDiscountFind(db, { companyId: company.id, branchId: branch.id }, codeText);
    if (!row?.active) errors.add('codeDiscount', codeDiscountMessages.notFound);
    else {
      const targets = await codeDiscountTargets(
        db,
        { companyId: company.id, branchId: branch.id, menuId: orderMode.menuId },
        row,
      );
      code = { row, discount: codeDiscountToDomain(row, targets) };
      // First purchase is checked by phone: without one it cannot be.
      if (row.firstTimeOnly && !phone) errors.add('codeDiscount', codeDiscountMessages.dataFirst);
    }
  }

  // An external benefit only with the partner's proof for this user (401 otherwise: never priced without it).
  const partnerName = text(payload.partnerName);
  const externalBenefits = partnerName
    ? (
        await externalBenefitsVerify(db, {
          companyId: company.id,
          partnerName,
          externalUserId: payload.userExternalReference,
          authorization: options.authorization,
          now,
          fields: { partner: 'partnerName', user: 'userExternalReference' },
        })
      ).benefits
    : [];

  return {
    context,
    country,
    timeZone,
    content,
    menu,
    paymentType: paymentType?.row ?? null,
    paymentMethod,
    items,
    phone,
    scheduled,
    scheduledAt,
    canOrderNow: timing.canOrderNow,
    canSchedule: timing.canSchedule,
    deliveryInfo,
    code,
    externalBenefits,
    errors,
    state: placement.state,
  };
}

// ---------------------------------------------------------------- place

/** An order-created event to publish after commit. */
export interface OrderCreatedEvent {
  room: string;
  event: 'order-created';
  payload: OrderConsoleView;
  /** The diner's message written with the order (the console's outbox hears of it too). */
  outboxId: number | null;
}

/** The result of `orderPlace`: the answer, whether it was replayed, and what to publish after commit. */
export interface OrderPlaceResult {
  /** Always 201: refusals are thrown, and only a stored order is ever answered (or replayed). */
  status: 201;
  body: OrderPlacedView;
  replayed: boolean;
  deferred?: OrderCreatedEvent;
}

/** Cash tender as the checkout's text input would carry it, exact in the currency's decimals. */
function paysWithText(paysWith: number | null | undefined, mantissaLength: number): string | null {
  if (paysWith == null) return null;
  const minor = moneyToMinor(paysWith, mantissaLength);
  if (mantissaLength === 0) return String(minor);
  const digits = String(minor).padStart(mantissaLength + 1, '0');
  return `${digits.slice(0, -mantissaLength)}.${digits.slice(-mantissaLength)}`;
}

/**
 * Places an order (`POST /api/order`). Throws HttpError 400 (fields), 409
 * (price changed, with the server's breakdown) or 422 (key reused with another
 * body); anything stored is answered 201, the same on every retry.
 */
export async function orderPlace(
  db: Db,
  input: {
    payload: OrderPayload;
    idempotencyKey: string;
    now: number;
    publicUrl: string;
    /** The request's Authorization header: an external-benefits partner's user token, if any. */
    authorization?: string | undefined;
  },
): Promise<OrderPlaceResult> {
  const { payload, now, authorization } = input;
  const env: PlacementEnv = { now, publicUrl: input.publicUrl };
  const key = { scope: 'order', key: input.idempotencyKey };
  const requestHash = idempotencyRequestHash(payload);
  const claimKey: OrderAnswerKey = { mode: 'claim', ...key, requestHash };
  await idempotencyPurgeExpired(db, now).catch(() => 0);
  let keyTaken = false;

  // Optimistic: the venue's switches as last seen, checked by the order's own statement (its guard),
  // so a placement costs one round trip. Anything but a written order is decided again below, fresh.
  const optimistic = await orderPrepare(db, payload, now, { fresh: false, authorization }).catch(asError);
  if (!(optimistic instanceof Error) && !orderNeedsLocks(payload, optimistic)) {
    let evaluation: OrderEvaluation | null = null;
    try {
      evaluation = orderEvaluate(payload, optimistic, now, NO_LOCKS);
    } catch {
      // A refusal is only answered after a fresh look (below).
    }
    if (evaluation) {
      const placed = await orderStore(db, optimistic, evaluation, env, claimKey, NO_LOCKS, {
        branchContactId: payload.branchContact.id,
        orderModeId: payload.orderModeId,
        state: optimistic.state,
      });
      if (typeof placed !== 'string')
        return { status: 201, body: placed.body, replayed: false, ...deferredOf(placed) };
      keyTaken = placed === 'key-taken';
    }
  }

  // Fresh: the switches read now. With nothing to lock (no code, no points), one autocommit statement
  // claims the key and writes the order; a key that exists already (a retry, a reuse, an expired key)
  // goes the transactional way.
  const prepared = await orderPrepare(db, payload, now, { fresh: true, authorization }).catch(asError);
  if (!keyTaken && !(prepared instanceof Error) && !orderNeedsLocks(payload, prepared)) {
    let placed: OrderPlaced | 'key-taken' | 'stale';
    try {
      const evaluation = orderEvaluate(payload, prepared, now, NO_LOCKS);
      placed = await orderStore(db, prepared, evaluation, env, claimKey);
    } catch (error) {
      // A refusal is answered only if the key holds no answer: a retry of a placed order replays it.
      if (error instanceof HttpError) {
        const stored = await idempotencyLookup(db, { ...key, requestHash, now });
        if (stored) return { status: 201, body: stored.body as OrderPlacedView, replayed: true };
      }
      throw error;
    }
    if (typeof placed !== 'string')
      return { status: 201, body: placed.body, replayed: false, ...deferredOf(placed) };
  }

  // Transactional: claims the key first (replay, 422, expired key), then takes the row locks.
  const result = await idempotent<OrderPlacedView, OrderCreatedEvent>(
    db,
    { ...key, requestHash, now },
    async (tx) => {
      if (prepared instanceof Error) throw prepared;
      const locks = await orderLock(tx, payload, prepared, now);
      const evaluation = orderEvaluate(payload, prepared, now, locks);
      const placed = await orderStore(tx, prepared, evaluation, env, { mode: 'update', ...key }, locks);
      if (typeof placed === 'string') throw new Error(`The order was not written (${placed})`);
      return { status: 201, body: placed.body, stored: true, ...deferredOf(placed) };
    },
  );
  return { ...result, status: 201 };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** What is held under row locks while an order is priced (nothing on the fast path). */
interface OrderLocks {
  codeRow: CodeDiscountRow | null;
  customer: CustomerRow | null;
  firstPurchase: boolean | undefined;
}

const NO_LOCKS: OrderLocks = { codeRow: null, customer: null, firstPurchase: undefined };

/** A discount code or points to redeem need row locks, and so the transactional path. */
function orderNeedsLocks(payload: OrderPayload, prepared: Prepared): boolean {
  return prepared.code !== null || (payload.loyaltyInfo?.redeemedPoints ?? 0) > 0 || prepared.errors.any;
}

/**
 * Takes the row locks, always in this order: code discount, then customer. The
 * customer is locked here only when its balance (points) or its history (first
 * purchase) is read; otherwise the order's own statement upserts it.
 */
async function orderLock(
  tx: Tx,
  payload: OrderPayload,
  prepared: Prepared,
  now: number,
): Promise<OrderLocks> {
  const { company } = prepared.context;
  const errors = prepared.errors;
  const at = new Date(now);
  let codeRow: CodeDiscountRow | null = null;
  if (prepared.code) {
    codeRow = (await codeDiscountLock(tx, company.id, prepared.code.row.id)) ?? null;
    if (!codeRow?.active) errors.add('codeDiscount', codeDiscountMessages.notFound);
  }
  let customer: CustomerRow | null = null;
  const customerFirst = (payload.loyaltyInfo?.redeemedPoints ?? 0) > 0 || Boolean(codeRow?.firstTimeOnly);
  if (prepared.phone && customerFirst) {
    customer = await customerUpsertLocked(tx, {
      companyId: company.id,
      phone: prepared.phone,
      name: text(payload.customerName),
      email: text(payload.customerEmail)?.toLowerCase() ?? null,
      document: payload.document ? documentToSend(payload.document) : null,
      optIn: payload.optIn ?? null,
      now: at,
    });
  }
  const firstPurchase =
    codeRow?.firstTimeOnly && prepared.phone
      ? !(await customerHasOrdered(tx, company.id, prepared.phone))
      : undefined;

  return { codeRow, customer, firstPurchase };
}

/** The figures and checks of an order: every refusal (400, 409) is thrown from here. */
interface OrderEvaluation {
  pricing: PricingBreakdown;
  values: Omit<OrderRow, 'id' | 'code' | 'customerId' | 'orderText'>;
  lines: ReturnType<typeof orderLinesOf>;
  customerUpsert: CustomerUpsert | null;
  orderTextOf: (code: string) => string;
  paymentType: PaymentTypeRow;
}

/**
 * Prices the order with packages/domain from the menu, runs the checkout checks
 * and compares the client's total. Pure: no I/O, so the fast path runs it
 * outside any transaction and the slow path under its locks.
 */
function orderEvaluate(
  payload: OrderPayload,
  prepared: Prepared,
  now: number,
  locks: OrderLocks,
): OrderEvaluation {
  const { context, country, content, errors } = prepared;
  const { branchContact, branch, company, orderMode } = context;
  const { codeRow, customer, firstPurchase } = locks;
  const at = new Date(now);
  const m = country.mantissaLength;

  const program = content.loyaltyProgram;
  const pricing = pricingCompute({
    items: prepared.items,
    menu: prepared.menu,
    orderModeType: orderMode.type,
    at: prepared.scheduledAt ?? now,
    timeZone: prepared.timeZone,
    country,
    paymentMethod: prepared.paymentMethod,
    deliveryInfo: prepared.deliveryInfo,
    fees: { userFee: moneyMinor(orderMode.userFee), percentageUserFee: orderMode.percentageUserFee },
    generalDiscounts: content.generalDiscounts,
    externalBenefits: prepared.externalBenefits,
    surcharges: content.surcharges,
    codeDiscount:
      prepared.code && codeRow?.active
        ? {
            discount: prepared.code.discount,
            ...(firstPurchase !== undefined ? { firstPurchase } : {}),
            timesUsed: codeRow.usageCount,
          }
        : null,
    loyalty: program
      ? {
          program,
          branchContactId: String(branchContact.id),
          balance: customer?.loyaltyPointsBalance ?? 0,
          redeemPoints: payload.loyaltyInfo?.redeemedPoints ?? null,
        }
      : null,
  });

  collectPricingErrors(errors, pricing, program?.name ?? '');
  const checkout = checkoutValidate({
    orderModeType: orderMode.type,
    customer: {
      ...(payload.customerName != null ? { name: payload.customerName } : {}),
      ...(payload.phone != null ? { phone: payload.phone } : {}),
      ...(payload.customerEmail != null ? { email: payload.customerEmail } : {}),
      ...(payload.document != null ? { document: payload.document } : {}),
      ...(payload.tableUid != null ? { tableNumber: payload.tableUid } : {}),
    },
    rules: {
      forceCustomerName: branchContact.forceCustomerName,
      forceCustomerPhone: branchContact.forceCustomerPhone,
      mandatoryEmail: branchContact.mandatoryEmail,
      betweenStreetsRequired: branchContact.betweenStreetsRequired,
    },
    phoneCountry: country.code.toLowerCase(),
    paymentMethod: prepared.paymentMethod,
    paysWith: paysWithText(payload.paysWith, m),
    card: null,
    address:
      orderMode.type === 'DELIVERY'
        ? {
            fullAddress: payload.destination?.fullAddress ?? null,
            betweenStreets: payload.destination?.betweenStreets ?? null,
          }
        : null,
    productsAmount: pricing.productsAmount,
    total: pricing.total,
    deliveryInfo: prepared.deliveryInfo,
    deliveryInfoLoading: false,
    schedule: {
      loading: false,
      // A closed mode with nothing to schedule was reported in phase 1 ('Local cerrado').
      canOrderNow: prepared.canOrderNow || !prepared.canSchedule,
      scheduled: prepared.scheduled,
      scheduledAt: prepared.scheduledAt,
    },
    country,
  });
  for (const error of checkout.errors) {
    // Without coordinates the fee is not "being computed": phase 1 already asked for them.
    if (error.code === 'FEE_LOADING' && errors.fields['destination.lat']) continue;
    errors.add(checkoutFieldOf[error.code], error.message);
  }
  if (errors.any) throw errors.error();

  // The diner must have seen this total; otherwise show the new figures and ask again.
  if (moneyToMajor(pricing.total, m) !== payload.price) {
    throw new HttpError(409, orderMessages.priceChanged, undefined, {
      breakdown: breakdownPresent(pricing, m),
    });
  }

  const paymentType = prepared.paymentType as PaymentTypeRow;
  const paysWith = prepared.paymentMethod === 'CASH' ? checkout.paysWith : null;
  const destination =
    orderMode.type === 'DELIVERY' && payload.destination ? compact(payload.destination) : null;
  const customerName = text(payload.customerName);
  const tableNumber = orderMode.type === 'DINE_IN' ? text(payload.tableUid) : null;
  const orderTextOf = (code: string) =>
    venueOrderText({
      orderCode: code,
      orderModeShowName: orderMode.showName,
      orderModeType: orderMode.type,
      customer: {
        ...(customerName ? { name: customerName } : {}),
        ...(prepared.phone ? { phone: prepared.phone } : {}),
        ...(text(payload.customerEmail) ? { email: text(payload.customerEmail) as string } : {}),
        ...(checkout.document ? { document: checkout.document } : {}),
        ...(tableNumber ? { tableNumber } : {}),
      },
      address: destination
        ? {
            fullAddress: String(destination.fullAddress ?? ''),
            betweenStreets: text(payload.destination?.betweenStreets),
            details: text(payload.destination?.details),
          }
        : null,
      scheduledAt: prepared.scheduledAt,
      timeZone: prepared.timeZone,
      items: prepared.items,
      breakdown: pricing,
      paymentTypeName: paymentType.showName,
      paysWith,
      notes: text(payload.notes),
      country,
    });

  const lines = orderLinesOf(prepared, pricing);
  const customerUpsert: CustomerUpsert | null =
    prepared.phone && !customer
      ? {
          companyId: company.id,
          phone: prepared.phone,
          name: customerName,
          email: text(payload.customerEmail)?.toLowerCase() ?? null,
          document: checkout.document,
          optIn: payload.optIn ?? null,
        }
      : null;
  const values: Omit<OrderRow, 'id' | 'code' | 'customerId' | 'orderText'> = {
    companyId: company.id,
    branchId: branch.id,
    branchContactId: branchContact.id,
    orderModeId: orderMode.id,
    status: 'GENERATED',
    type: orderMode.type,
    source: text(payload.source) ?? 'DIRECT',
    campaignId: text(payload.campaignId),
    acquisitionChannel: text(payload.acquisitionChannel),
    customerName,
    phone: prepared.phone,
    customerEmail: text(payload.customerEmail)?.toLowerCase() ?? null,
    customerDocument: checkout.document,
    tableNumber,
    optIn: payload.optIn ?? false,
    installedApp: payload.installedApp ?? false,
    destination,
    notes: text(payload.notes),
    scheduled: prepared.scheduledAt !== null,
    scheduledAt: prepared.scheduledAt !== null ? new Date(prepared.scheduledAt) : null,
    minDelayInMinutes: orderMode.minDelayInMinutes,
    maxDelayInMinutes: orderMode.maxDelayInMinutes,
    paymentTypeId: paymentType.id,
    paymentMethod: paymentType.paymentMethod,
    paymentUpload: paymentType.upload,
    paymentStatus: paymentStatusOnSend(paymentType),
    paysWith,
    itemsPrice: pricing.productsAmount,
    deliveryFee: pricing.deliveryFee.amount,
    userServiceFee: pricing.serviceFee.amount,
    price: pricing.total,
    discounts: discountEntriesStored(pricing) as unknown as Record<string, unknown>[],
    surcharges: surchargeEntriesStored(pricing) as unknown as Record<string, unknown>[],
    breakdown: pricing as unknown as Record<string, unknown>,
    codeDiscountId: pricing.codeDiscount && codeRow ? codeRow.id : null,
    loyaltyRedeemedPoints: pricing.loyalty.redeemedPoints,
    loyaltyGainedPoints: prepared.phone ? pricing.loyalty.accruedPoints : 0,
    userExternalReference: text(payload.userExternalReference),
    partnerName: text(payload.partnerName),
    analyticsSessionId: text(payload.analyticsInfo?.sessionId),
    errorType: null,
    errorDetails: null,
    cancelReason: null,
    trackingUrl: null,
    createdAt: at,
    updatedAt: at,
    acceptedAt: null,
    readyAt: null,
    deliveredAt: null,
    canceledAt: null,
  };

  return { pricing, values, lines, customerUpsert, orderTextOf, paymentType };
}

/** A written order, its answer, and what the console hears. */
interface OrderPlaced {
  order: OrderRow;
  body: OrderPlacedView;
  outboxId: number | null;
  deferred?: OrderCreatedEvent;
}

/** When and where a placement happens: the server's clock and the public address (links in messages). */
interface PlacementEnv {
  now: number;
  publicUrl: string;
}

function deferredOf(placed: OrderPlaced): { deferred?: OrderCreatedEvent } {
  return placed.deferred ? { deferred: placed.deferred } : {};
}

/**
 * Writes an evaluated order: its one statement (customer, order, lines, event,
 * answer), then, on the slow path, the code and points redemptions under its
 * locks. With `mode: 'claim'` (fast path, autocommit) the statement also claims
 * the idempotency key ('key-taken' when it existed) and checks the guard
 * ('stale' when the venue's switches or the content changed).
 */
async function orderStore(
  q: Queryable,
  prepared: Prepared,
  evaluation: OrderEvaluation,
  env: PlacementEnv,
  key: OrderAnswerKey,
  locks: OrderLocks = NO_LOCKS,
  guard?: OrderWrite['guard'],
): Promise<OrderPlaced | 'key-taken' | 'stale'> {
  const { context, country, content } = prepared;
  const { branchContact, branch, company, orderMode } = context;
  const { pricing, values, lines, customerUpsert, orderTextOf, paymentType } = evaluation;
  const { codeRow, customer } = locks;
  const { now } = env;
  const program = content.loyaltyProgram;
  const at = new Date(now);
  const m = country.mantissaLength;
  const venuePhone = text(branchContact.whatsAppPhone) ?? text(branchContact.callPhone);

  let placed: OrderPlaced | null = null;
  for (let attempt = 0; attempt < 5 && !placed; attempt++) {
    const code = orderCodeNew();
    const orderText = orderTextOf(code);
    const handOff: OrderPlacedView['handOff'] = branchContact.ordersConsoleActive
      ? { kind: 'CONSOLE' }
      : { kind: 'MESSAGING', url: venuePhone ? venueWhatsAppLink(venuePhone, orderText) : null };
    const { id: _id, ...answer } = orderPlacedPresent(
      { ...values, id: 0, code },
      { branchContactAlias: branchContact.alias, mantissaLength: m, handOff },
    );
    // The diner hears that the order was received only where a console will move it on: with the
    // messaging hand-off the venue learns of the order from the diner's own message, and nothing follows.
    const notification = branchContact.ordersConsoleActive
      ? outboxOrderNotificationValues({
          order: { ...values, id: 0, code },
          branchContact,
          status: 'GENERATED',
          publicUrl: env.publicUrl,
          now,
        })
      : undefined;
    const written = await orderWrite(
      q,
      {
        order: { ...values, customerId: customer?.id ?? null, orderText },
        items: lines,
        customer: customerUpsert,
        ...(notification ? { outbox: notification } : {}),
        answer: {
          ...key,
          status: 201,
          body: answer,
          ...(key.mode === 'claim' ? { expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) } : {}),
        },
        ...(guard ? { guard } : {}),
        now: at,
      },
      code,
    );
    if (written.outcome === 'key-taken' || written.outcome === 'stale') return written.outcome;
    if (written.outcome === 'written') {
      placed = {
        order: { ...values, id: written.id, code, customerId: written.customerId, orderText },
        body: { ...answer, id: written.id },
        outboxId: written.outboxId,
      };
    }
  }
  if (!placed) throw new Error('Could not draw a free order code in 5 attempts');
  const { order } = placed;

  if (pricing.codeDiscount && codeRow) {
    const waivedFee = pricing.deliveryFee.freeReason === 'CODE' ? pricing.deliveryFee.baseFee : 0;
    const counted = await codeDiscountRedeem(q as Tx, {
      companyId: company.id,
      codeDiscountId: codeRow.id,
      orderId: order.id,
      phone: prepared.phone,
      amount: pricing.codeDiscount.amount + waivedFee,
      now: at,
    });
    // Unreachable under the row lock; the guard keeps the limit even if a caller forgot the lock.
    if (!counted) {
      throw new HttpError(400, codeDiscountMessages.notFound, {
        codeDiscount: codeDiscountMessages.notFound,
      });
    }
  }
  if (pricing.loyalty.redeemedPoints > 0 && customer) {
    const redeemed = await loyaltyRedeem(q as Tx, {
      companyId: company.id,
      customerId: customer.id,
      branchId: branch.id,
      orderId: order.id,
      orderCode: order.code,
      points: pricing.loyalty.redeemedPoints,
      now: at,
    });
    if (!redeemed) {
      const message = loyaltyMessages.overBalance(program?.name ?? '', customer.loyaltyPointsBalance);
      throw new HttpError(400, message, { 'loyaltyInfo.redeemedPoints': message });
    }
  }

  if (!branchContact.ordersConsoleActive) return placed;
  const surroundings = {
    branchContact: {
      id: branchContact.id,
      alias: branchContact.alias,
      name: branchContact.name,
      whatsAppPhone: branchContact.whatsAppPhone,
    },
    country: context.country,
    paymentType: {
      id: paymentType.id,
      showName: paymentType.showName,
      paymentMethod: paymentType.paymentMethod,
    },
    orderModeType: orderMode.type,
    securityCode: null,
    hasLogistics: false,
    loyaltyProgramName: program?.name ?? null,
    loyaltyCredited: false,
    loyaltyReversed: false,
  };
  return {
    ...placed,
    deferred: {
      room: rooms.console(branchContact.id),
      event: 'order-created',
      payload: orderConsolePresent(order, lines, surroundings, now),
      outboxId: placed.outboxId,
    },
  };
}

/** Drops empty values of a stored object. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined && item !== ''),
  );
}

/** The refusals a breakdown carries: lines the menu cannot price, the code, the points. */
function collectPricingErrors(errors: FieldErrors, pricing: PricingBreakdown, programName: string): void {
  for (const line of pricing.rejectedLines) {
    const at = `items[${line.index}]`;
    if (line.reason === 'UNKNOWN_PLATE') errors.add(`${at}.referenceId`, orderMessages.plateUnknown);
    else if (line.reason === 'QUANTITY')
      errors.add(`${at}.quantity`, line.message ?? orderMessages.quantityInvalid);
    else if (line.problems.some((problem) => problem.kind === 'SIZE'))
      errors.add(`${at}.sizeId`, orderMessages.sizeRequired);
    else errors.add(`${at}.extras`, line.message ?? orderMessages.plateUnknown);
  }
  if (pricing.codeDiscountRejection) errors.add('codeDiscount', pricing.codeDiscountRejection);
  if (pricing.loyalty.message) errors.add('loyaltyInfo.redeemedPoints', pricing.loyalty.message);
  if (pricing.loyalty.blockedByDiscounts) {
    errors.add('loyaltyInfo.redeemedPoints', orderMessages.loyaltyNotWithDiscounts(programName));
  }
}

/** The order's lines as stored: the menu's names, unit prices and the line's menu discount. */
function orderLinesOf(
  prepared: Prepared,
  pricing: PricingBreakdown,
): Omit<OrderItemInsert, 'orderId' | 'companyId'>[] {
  return pricing.lines.map((line, position) => {
    const item = prepared.items[line.index] as CartItem;
    const plate = prepared.menu.platesById.get(item.referenceId);
    const size = plate?.sizes?.find((candidate) => candidate.id === item.sizeId);
    const extras: StoredExtraGroup[] = item.extras.map((group) => ({
      groupId: Number(group.groupId),
      groupName: group.groupName,
      multipleSelection: group.multipleSelection,
      groupItems: group.groupItems.map((extra) => ({
        referenceId: Number(extra.referenceId),
        name: extra.name,
        quantity: extra.quantity,
        price: extra.price ?? 0,
      })),
    }));
    return {
      position,
      referenceId: Number(item.referenceId),
      referenceType: 'PLATE' as const,
      name: item.name,
      sizeId: item.sizeId !== undefined ? Number(item.sizeId) : null,
      sizeName: size?.name ?? null,
      categoryId: item.categoryId !== undefined ? Number(item.categoryId) : null,
      categoryShowName: item.categoryShowName ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      accPrice: line.net,
      notes: text(item.notes),
      source: item.source,
      extras: extras as unknown as Record<string, unknown>[],
      discount:
        line.discount > 0
          ? { type: line.discountType, discountReferenceId: line.discountReferenceId, amount: line.discount }
          : null,
    };
  });
}

// ---------------------------------------------------------------- reads and the payments contract

/**
 * An order by its public code (any case), or undefined. For the payments
 * engineer: the row carries `id`, `companyId`, `branchId`, `branchContactId`,
 * `price` (minor units), `paymentMethod`, `paymentTypeId`, `paymentUpload`,
 * `paymentStatus`, `status` and `createdAt`.
 */
export async function orderFindByCode(db: Queryable, code: string): Promise<OrderRow | undefined> {
  return orderByCode(db, code);
}

/**
 * Sets the payment status of an order inside the caller's transaction and
 * returns the updated row (undefined when the order does not exist). The
 * caller publishes `order-updated` AFTER its transaction commits, with
 * `orderUpdatedPublish`.
 */
export async function orderPaymentStatusSet(
  tx: Queryable,
  orderId: number,
  status: OrderRow['paymentStatus'],
  now: number = Date.now(),
): Promise<OrderRow | undefined> {
  return orderPaymentStatusUpdate(tx, orderId, status, new Date(now));
}

/**
 * The follow-up view of an order (`GET /api/diner/{branchContactId?}/order/{code}`).
 * 404 for an unknown code, and for a known code under another branch contact:
 * a code never reveals an order somewhere else.
 */
export async function orderFollowUpGet(
  db: Queryable,
  code: string,
  options: { branchContactId?: number; now: number },
): Promise<OrderFollowUpView> {
  const order = await orderByCode(db, code);
  if (
    !order ||
    (options.branchContactId !== undefined && order.branchContactId !== options.branchContactId)
  ) {
    throw notFound(orderMessages.orderNotFound(code));
  }
  const [items, surroundings] = [
    await orderItemsOf(db, order.companyId, order.id),
    await orderSurroundingsFind(db, order),
  ];
  if (!surroundings) throw notFound(orderMessages.orderNotFound(code));
  return orderFollowUpPresent(order, items, surroundings, options.now);
}

/**
 * Publishes `order-updated` with the order's follow-up view to `order-{code}`.
 * Call it after the transaction that changed the order has committed.
 */
export async function orderUpdatedPublish(
  deps: { db: Queryable; realtime: Pick<Realtime, 'publish'>; now: number },
  code: string,
): Promise<void> {
  const view = await orderFollowUpGet(deps.db, code, { now: deps.now });
  deps.realtime.publish(rooms.order(view.code), 'order-updated', view);
}

/**
 * Credits the loyalty points an order earned (`loyaltyGainedPoints`, computed
 * when it was placed: the programme applied there, and the diner was shown
 * them) to its customer, once, inside the caller's transaction. The orders
 * console calls it when an order moves to DELIVERED, so a canceled order never
 * earns. Returns the points credited (0 when there were none or they were
 * credited already: a repeated move or a retry credits nothing).
 */
export async function orderLoyaltyCredit(tx: Tx, orderId: number, now: number): Promise<number> {
  return loyaltyAccrue(tx, orderId, new Date(now));
}

/**
 * Gives back the points a canceled order redeemed at placement, once, inside
 * the caller's transaction. Returns the points given back (0 when none, or
 * given back already).
 */
export async function orderLoyaltyReverse(tx: Tx, orderId: number, now: number): Promise<number> {
  return loyaltyRedemptionReverse(tx, orderId, new Date(now));
}

/** Money of a stored order in major units (for callers building provider requests). */
export function orderAmountMajor(order: Pick<OrderRow, 'price'>, mantissaLength: number): number {
  return moneyToMajor(order.price as Minor, mantissaLength);
}
