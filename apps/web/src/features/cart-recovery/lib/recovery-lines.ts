/**
 * An abandoned cart's stored lines as 'Repetir pedido' lines
 * (`@comanda/domain/order-repeat`), so the return restores them by the same
 * rule: today's prices, and what is no longer sold left out with a notice.
 */
import type { OrderRepeatLine } from '@comanda/domain/order-repeat';
import type { Plate } from '@comanda/domain/types';
import type { RecoveryCartItem } from '../api/recovery-api';

/** (ours) The name of a left-out line whose plate the menu no longer has (the cart keeps no names). */
export const RECOVERY_UNKNOWN_PLATE = 'un producto que ya no está en el menú';

export function recoveryLines(
  items: readonly RecoveryCartItem[],
  plates: readonly Plate[],
): OrderRepeatLine[] {
  const names = new Map(plates.map((plate) => [plate.id, plate.showName]));
  return items.map((item) => ({
    referenceId: String(item.referenceId),
    ...(item.sizeId !== undefined ? { sizeId: String(item.sizeId) } : {}),
    name: names.get(String(item.referenceId)) ?? RECOVERY_UNKNOWN_PLATE,
    quantity: item.quantity,
    notes: item.notes ?? '',
    extras: (item.extras ?? []).map((group) => ({
      groupId: String(group.groupId),
      groupItems: group.groupItems.map((extra) => ({
        referenceId: String(extra.referenceId),
        name: '',
        quantity: extra.quantity,
      })),
    })),
  }));
}
