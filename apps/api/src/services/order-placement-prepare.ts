import type { CodeDiscount } from '@comanda/domain/code-discount';
import { loyaltyIsActive } from '@comanda/domain/loyalty';
import {
  cartMessages,
  checkoutMessages,
  codeDiscountMessages,
  scheduleMessages,
} from '@comanda/domain/messages';
import { moneyMinor } from '@comanda/domain/money';
import { notesLimit, notesWithinLimit } from '@comanda/domain/notes';
import { paymentTypeCounts } from '@comanda/domain/payment-type';
import { phoneToE164 } from '@comanda/domain/phone';
import {
  plateConfigurationExtras,
  plateConfigurationName,
  plateSelectionFromCartItem,
} from '@comanda/domain/plate-configuration';
import { scheduleDays, scheduleOrderTiming, scheduleSlotAt } from '@comanda/domain/schedule';
import type { CartItem, Country, DeliveryInfo, Schedule } from '@comanda/domain/types';
import { minutes } from '@comanda/domain/types';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { countryPresent, schedulesPresent } from '../presenters/tenant-presenter';
import {
  type CodeDiscountRow,
  codeDiscountFind,
  codeDiscountTargets,
} from '../repositories/code-discount-repository';
import type { CustomerSessionRow } from '../repositories/customer-auth-repository';
import type { PlacementContextRow } from '../repositories/order-placement-repository';
import type { OrderPayload } from '../schemas/order';
import { customerAuthMessages } from './customer-auth-service';
import { deliveryInfoForPoint } from './delivery-info-service';
import { externalBenefitsVerify } from './external-benefits-service';
import {
  type DomainMenu,
  orderMenuGet,
  orderModeContentGet,
  orderModeOpenNow,
  placementContextGet,
} from './order-context';
import { FieldErrors, orderMessages, type Prepared, text } from './order-placement-common';

/**
 * A cart item as the server rebuilds it from the payload: what identifies the
 * line (plate, size, quantity, garnishes, notes), with names from the menu.
 * The client's prices are dropped; pricing reads the menu.
 */
export function cartItemFromPayload(item: OrderPayload['items'][number], menu: DomainMenu): CartItem {
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
      { id: orderMode.id, schedules, specialDays: orderMode.specialDays },
      { ...context, contentVersion: context.contentVersion },
    );
  const slotsNeeded = context.needSlots || !(orderMode.orderEnabled && isOpen);
  const days =
    orderMode.useSchedule && slotsNeeded
      ? scheduleDays(schedules, {
          now: context.now,
          timeZone: context.timeZone,
          minDelayInMinutes: minutes(Math.max(0, orderMode.minDelayInMinutes)),
          specialDays: orderMode.specialDays,
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

export async function orderPrepare(
  db: Queryable,
  payload: OrderPayload,
  now: number,
  options: {
    fresh: boolean;
    authorization: string | undefined;
    /** The session the request's X-Customer-Session header names (read once per placement). */
    customerSession: () => Promise<CustomerSessionRow | undefined>;
  },
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
  const session = phone ? await options.customerSession() : undefined;
  const phoneVerified = Boolean(session && session.companyId === company.id && session.phone === phone);

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
    } else if (!phoneVerified) {
      // Whoever merely knows a phone spends nothing and learns no balance (issue 16).
      errors.add(
        'loyaltyInfo.redeemedPoints',
        customerAuthMessages.loyaltySignInRequired(content.loyaltyProgram?.name ?? 'puntos'),
      );
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
    phoneVerified,
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
