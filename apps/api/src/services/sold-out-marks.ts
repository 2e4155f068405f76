/** Sold-out mark rows as packages/domain's marks (epoch ms). */
import type { SoldOutMark } from '@comanda/domain/sold-out';
import type { SoldOutMarkRow } from '../repositories/sold-out-repository';

export function soldOutMarkOf(row: Pick<SoldOutMarkRow, 'kind' | 'itemKey' | 'until'>): SoldOutMark {
  return { kind: row.kind, itemKey: row.itemKey, until: row.until?.getTime() ?? null };
}
