/**
 * `POST /api/codediscounts/validate` (ordering §5 "Discount code", §8): the
 * code's info when it can apply to the diner's order as far as the request
 * tells, or the rule that refuses it, with packages/domain's message.
 *
 * This is a preview. The order itself is checked again when placed, and the
 * usage limit is enforced only there, counted under a row lock inside the
 * order's transaction; a code already used up is refused here as well (as the
 * domain says: 'No se encontró ningún descuento con el código ingresado.').
 */
import {
  CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS,
  type CodeDiscount,
  codeDiscountCheck,
  codeDiscountTerms,
} from '@comanda/domain/code-discount';
import { codeDiscountMessages } from '@comanda/domain/messages';
import { MONEY_ZERO } from '@comanda/domain/money';
import { phoneIsValid, phoneToE164 } from '@comanda/domain/phone';
import { pricingCompute } from '@comanda/domain/pricing';
import type { Country, PaymentMethod } from '@comanda/domain/types';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { majorOrNull } from '../presenters/present-utils';
import { countryPresent } from '../presenters/tenant-presenter';
import {
  type CodeDiscountRow,
  codeDiscountFind,
  codeDiscountTargets,
  paymentTypeOfBranchFind,
} from '../repositories/code-discount-repository';
import { customerHasOrdered } from '../repositories/customer-repository';
import { orderModeActiveFind } from '../repositories/order-mode-repository';
import { placementContextFind } from '../repositories/order-placement-repository';
import { branchFind, companyWithCountryFind } from '../repositories/tenant-repository';
import type { CodeDiscountInfoView, CodeDiscountValidateBody } from '../schemas/order';
import { deliveryInfoForPoint } from './delivery-info-service';
import { orderMenuGet } from './order-context';
import { codeDiscountToDomain } from './order-placement-prepare';

const notFoundError = () => new HttpError(404, codeDiscountMessages.notFound);
const refused = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** The code's info in the spec's shape, major units, with its terms and the limited-usage time-out. */
export function codeDiscountInfoPresent(
  row: CodeDiscountRow,
  discount: CodeDiscount,
  targets: Awaited<ReturnType<typeof codeDiscountTargets>>,
  country: Country,
): CodeDiscountInfoView {
  const m = country.mantissaLength;
  return {
    code: row.code,
    id: row.id,
    type: row.type,
    value: row.type === 'FIXED' ? (majorOrNull(Math.round(row.value), m) ?? 0) : row.value,
    active: row.active,
    minimumOrderAmount: majorOrNull(row.minimumOrderAmount, m),
    plate: targets.plate ? { id: targets.plate.id, showName: targets.plate.showName } : null,
    category: targets.category ? { id: targets.category.id, showName: targets.category.showName } : null,
    firstTimeOnly: row.firstTimeOnly,
    maximumDiscountAmount: majorOrNull(row.maximumDiscountAmount, m),
    freeDelivery: row.freeDelivery || row.type === 'FREE_DELIVERY',
    limitedUsage: row.limitedUsage,
    terms: codeDiscountTerms(discount, country),
    expiresInMs: row.limitedUsage ? CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS : null,
  };
}

/** Validates a code for the diner's order as far as the request describes it. */
export async function codeDiscountValidate(
  db: Queryable,
  body: CodeDiscountValidateBody,
  now: number,
): Promise<CodeDiscountInfoView> {
  const branch = await branchFind(db, body.branchId);
  if (!branch) throw notFoundError();
  const found = await companyWithCountryFind(db, branch.companyId);
  if (!found) throw notFoundError();
  const country = countryPresent(found.country) as Country;
  const scope = { companyId: branch.companyId, branchId: branch.id };

  // Preconditions, in the spec's order: a payment method, then valid data.
  if (body.paymentId == null) throw refused('paymentId', codeDiscountMessages.paymentMethodFirst);
  const paymentType = await paymentTypeOfBranchFind(db, scope, body.paymentId);
  if (!paymentType) throw refused('paymentId', codeDiscountMessages.paymentMethodFirst);
  const phoneCountry = country.code.toLowerCase();
  const phoneText = body.phone?.trim() || null;
  if (phoneText && !phoneIsValid(phoneText, phoneCountry))
    throw refused('phone', codeDiscountMessages.dataFirst);
  const phone = phoneText ? phoneToE164(phoneText, phoneCountry) : null;

  const row = await codeDiscountFind(db, scope, body.code);
  if (!row?.active) throw notFoundError();
  if (row.firstTimeOnly && !phone) throw refused('phone', codeDiscountMessages.dataFirst);

  // The order mode, when given, must be one of this branch's; its menu resolves the code's plate and category.
  const orderModeId = body.orderModeId ?? paymentType.orderModeId;
  const mode = await orderModeActiveFind(db, orderModeId);
  const context =
    mode && mode.orderMode.companyId === branch.companyId
      ? await placementContextFind(db, mode.orderMode.branchContactId, orderModeId)
      : undefined;
  const orderMode = context?.branch.id === branch.id ? context.orderMode : null;
  if (body.orderModeId != null && !orderMode) {
    throw refused('orderModeId', 'El modo de pedido no está disponible en este local');
  }
  if (body.branchContactId != null && orderMode && orderMode.branchContactId !== body.branchContactId) {
    throw refused('branchContactId', 'El modo de pedido no pertenece a este local');
  }

  const targets = await codeDiscountTargets(db, { ...scope, menuId: orderMode?.menuId ?? null }, row);
  const discount = codeDiscountToDomain(row, targets);
  const firstPurchase =
    row.firstTimeOnly && phone ? !(await customerHasOrdered(db, branch.companyId, phone)) : undefined;
  const usage = { ...(firstPurchase !== undefined ? { firstPurchase } : {}), timesUsed: row.usageCount };

  let rejection: string | null;
  if (body.items && body.items.length > 0 && orderMode && context) {
    // The cart is known: price it from the menu and let pricing check every condition.
    const menu = await orderMenuGet(db, {
      ...scope,
      orderModeId: orderMode.id,
      branchContactId: orderMode.branchContactId,
      contentVersion: context.company.contentVersion,
      menuId: orderMode.menuId,
      mantissaLength: country.mantissaLength,
    });
    const contact = context.branchContact;
    const deliveryInfo =
      orderMode.type === 'DELIVERY' && body.destination
        ? (await deliveryInfoForPoint(db, contact.id, body.destination)).info
        : null;
    const at = body.orderDate ? Date.parse(body.orderDate) : now;
    const pricing = pricingCompute({
      items: body.items.map((item) => ({
        referenceId: String(item.referenceId),
        referenceType: 'PLATE',
        name: '',
        notes: '',
        quantity: item.quantity,
        price: MONEY_ZERO,
        source: 'plate',
        ...(item.sizeId != null ? { sizeId: String(item.sizeId) } : {}),
        extras: (item.extras ?? []).map((group) => ({
          groupId: String(group.groupId),
          groupName: '',
          multipleSelection: false,
          groupItems: group.groupItems.map((extra) => ({
            referenceId: String(extra.referenceId),
            name: '',
            quantity: extra.quantity,
          })),
        })),
      })),
      menu,
      orderModeType: orderMode.type,
      at,
      timeZone: contact.timezone ?? country.timezone,
      country,
      paymentMethod: paymentType.paymentMethod as PaymentMethod,
      deliveryInfo,
      codeDiscount: { discount, ...usage },
    });
    rejection = pricing.codeDiscountRejection;
  } else {
    // Without the cart only what does not depend on it can be checked.
    const { minimumOrderAmount: _m, plate: _p, category: _c, ...unconditioned } = discount;
    rejection = codeDiscountCheck(unconditioned as CodeDiscount, {
      productsAmount: MONEY_ZERO,
      items: [],
      freeDeliveryReached: false,
      ...usage,
      country,
    });
  }
  if (rejection === codeDiscountMessages.notFound) throw notFoundError();
  if (rejection) throw refused('code', rejection);
  return codeDiscountInfoPresent(row, discount, targets, country);
}
