/**
 * External benefits (ordering §3 "External benefits", §6 "External-loyalty
 * user", §7 `POST /api/external-benefits/{partner}`): a partner's users get the
 * partner's general discounts; only the one with the lowest `priority` applies
 * (packages/domain `generalDiscountPickExternal`, inside `pricingCompute`).
 *
 * The benefit is a claim the server checks, never a figure it takes: a user
 * is the partner's only with a token signed by the partner's secret for that
 * external user id (`partnerTokenCheck`), and the partner is looked up in the
 * company of the location ordered from. The same check runs for the preview
 * call and for `POST /api/order`, so an order can carry a benefit only when
 * its request proves it; without proof it is refused (401), not silently
 * priced without the benefit.
 */
import { generalDiscountPickExternal } from '@comanda/domain/general-discount';
import type { GeneralDiscount } from '@comanda/domain/types';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import { bearerToken, partnerTokenCheck } from '../lib/partner-token';
import { generalDiscountPresent } from '../presenters/order-mode-presenter';
import { partnerWithBenefitsFind } from '../repositories/order-mode-repository';
import { placementContextFind } from '../repositories/order-placement-repository';
import type { GeneralDiscountView } from '../schemas/diner';
import { generalDiscountToDomain } from './order-context';

/** (ours) Refusals of an external benefit. */
export const externalBenefitMessages = {
  partnerUnknown: (name: string) => `No existe el programa de beneficios ${name}`,
  userRequired: 'Indique el usuario del programa de beneficios',
  unverified:
    'No pudimos verificar tu beneficio. Vuelve a ingresar desde la app de tu programa de beneficios.',
  branchContactUnknown: (id: number) => `No existe el local ${id}`,
  branchMismatch: 'El local no pertenece a esta sucursal',
  orderModeUnavailable: 'El modo de pedido no está disponible en este local',
} as const;

/** A partner's benefits for one verified user, as packages/domain prices them. */
export interface VerifiedBenefits {
  partnerName: string;
  benefits: GeneralDiscount[];
  rows: Awaited<ReturnType<typeof partnerWithBenefitsFind>> & object;
}

/**
 * The benefits of `partnerName` for `externalUserId` within the company, once
 * the bearer token in `authorization` proves the user. 400 (per field) for an
 * unknown partner or a missing user id, 401 for a missing or refused token.
 * Each benefit carries `externalBenefitType` = the partner's name, so the
 * stored order says where its discount came from.
 */
export async function externalBenefitsVerify(
  db: Queryable,
  input: {
    companyId: number;
    partnerName: string;
    externalUserId: string | null | undefined;
    authorization: string | undefined;
    now: number;
    /** Where the partner and user id were in the request (their fields in a 400). */
    fields: { partner: string; user: string };
  },
): Promise<VerifiedBenefits> {
  const found = await partnerWithBenefitsFind(db, input.companyId, input.partnerName);
  if (!found) {
    const message = externalBenefitMessages.partnerUnknown(input.partnerName);
    throw new HttpError(400, message, { [input.fields.partner]: message });
  }
  const user = input.externalUserId?.trim();
  if (!user) {
    throw new HttpError(400, externalBenefitMessages.userRequired, {
      [input.fields.user]: externalBenefitMessages.userRequired,
    });
  }
  const token = bearerToken(input.authorization);
  const refusal = token
    ? partnerTokenCheck(token, found.partner.jwtSecret, { subject: user, now: input.now })
    : 'MISSING';
  if (refusal) {
    throw new HttpError(401, externalBenefitMessages.unverified, {
      authorization: externalBenefitMessages.unverified,
    });
  }
  return {
    partnerName: found.partner.name,
    benefits: found.benefits.map((row) => ({
      ...generalDiscountToDomain(row),
      externalBenefitType: found.partner.name,
    })),
    rows: found,
  };
}

/** The answer of `POST /api/external-benefits/{partner}`. */
export interface ExternalBenefitsView {
  partner: string;
  generalDiscounts: GeneralDiscountView[];
  /** The one that applies: the lowest priority (a missing priority counts last), or null. */
  appliedDiscount: GeneralDiscountView | null;
}

/**
 * `POST /api/external-benefits/{partner}`: the partner's benefits for a
 * verified user ordering at a location (branch, branch contact, order mode,
 * checked to belong together). The figures are a preview; the order's own
 * request is verified again.
 */
export async function externalBenefitsGet(
  db: Queryable,
  input: {
    partnerName: string;
    branchId: number;
    branchContactId: number;
    orderModeId: number;
    externalUserId: string;
    authorization: string | undefined;
    now: number;
  },
): Promise<ExternalBenefitsView> {
  const place = await placementContextFind(db, input.branchContactId, input.orderModeId);
  if (!place) {
    const message = externalBenefitMessages.branchContactUnknown(input.branchContactId);
    throw new HttpError(400, message, { branchContactId: message });
  }
  if (place.branch.id !== input.branchId) {
    throw new HttpError(400, externalBenefitMessages.branchMismatch, {
      branchId: externalBenefitMessages.branchMismatch,
    });
  }
  if (!place.orderMode?.active) {
    throw new HttpError(400, externalBenefitMessages.orderModeUnavailable, {
      orderModeId: externalBenefitMessages.orderModeUnavailable,
    });
  }
  const verified = await externalBenefitsVerify(db, {
    companyId: place.company.id,
    partnerName: input.partnerName,
    externalUserId: input.externalUserId,
    authorization: input.authorization,
    now: input.now,
    fields: { partner: 'partner', user: 'externalUserId' },
  });
  const m = place.country.mantissaLength;
  const views = verified.rows.benefits.map((row) => generalDiscountPresent(row, m));
  // The pick pricing makes (packages/domain), on the same list.
  const picked = generalDiscountPickExternal(verified.benefits);
  const applied = views.find((view) => String(view.id) === picked?.id) ?? null;
  return { partner: verified.partnerName, generalDiscounts: views, appliedDiscount: applied };
}
