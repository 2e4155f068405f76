/**
 * Indicator reads (issue 12). The catalogue is Comanda's, the same for every
 * company; what a company adds is which codes its menus use, including codes
 * the catalogue does not know (a tenant file may carry any code).
 */
import { INDICATORS } from '@comanda/domain/indicators';
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import { indicatorCataloguePresent, indicatorPresent } from '../presenters/indicator-presenter';
import {
  categoryIndicatorsFind,
  indicatorListsOfMenu,
  plateIndicatorsFind,
  servedMenuOfOrderMode,
} from '../repositories/indicator-repository';
import type { EntityIndicators, IndicatorEntityType, IndicatorList } from '../schemas/indicators';

/** The catalogue; with an order mode, also the codes its menu uses (and those the catalogue lacks). */
export async function indicatorsList(db: Queryable, orderModeId: number | undefined): Promise<IndicatorList> {
  const catalogue = indicatorCataloguePresent();
  if (orderModeId === undefined) return { indicators: catalogue };
  const served = await servedMenuOfOrderMode(db, orderModeId);
  if (!served) throw notFound(`El modo de pedido ${orderModeId} no está disponible`);
  const used = new Set((await indicatorListsOfMenu(db, served.companyId, served.menuId)).flat());
  const known = new Set(INDICATORS.map((indicator) => indicator.code));
  const unknown = [...used].filter((code) => !known.has(code)).sort();
  return {
    indicators: [...catalogue, ...unknown.map(indicatorPresent)],
    inUse: [...INDICATORS.map((indicator) => indicator.code).filter((code) => used.has(code)), ...unknown],
  };
}

/** A listed plate's or category's own indicators, named; 404 for anything a storefront does not list. */
export async function entityIndicatorsGet(
  db: Queryable,
  entityType: IndicatorEntityType,
  entityId: number,
): Promise<EntityIndicators> {
  const codes =
    entityType === 'PLATE'
      ? await plateIndicatorsFind(db, entityId)
      : await categoryIndicatorsFind(db, entityId);
  if (!codes) {
    throw notFound(
      entityType === 'PLATE' ? `No existe el plato ${entityId}` : `No existe la categoría ${entityId}`,
    );
  }
  return { entityType, entityId, indicators: codes.map(indicatorPresent) };
}
