/** An indicator code as the API answers it, named by the domain's catalogue (one rule with the storefront). */
import { INDICATORS, indicatorFind, indicatorLabel } from '@comanda/domain/indicators';
import type { IndicatorView } from '../schemas/indicators';

export function indicatorPresent(code: string): IndicatorView {
  const known = indicatorFind(code);
  return {
    code,
    label: indicatorLabel(code),
    description: known?.description ?? null,
    menuFilter: known?.menuFilter ?? false,
    known: known !== undefined,
  };
}

/** The whole catalogue, in its display order. */
export function indicatorCataloguePresent(): IndicatorView[] {
  return INDICATORS.map((indicator) => indicatorPresent(indicator.code));
}
