/**
 * A cart line in the order payload's shape (ordering §7 `items`): what the
 * abandoned-cart beacon sends, as the checkout does (number ids, only the
 * extras the diner chose).
 */
import type { CartItem } from '@comanda/domain/types';

export function orderItemPayload(item: CartItem) {
  return {
    referenceId: Number(item.referenceId),
    referenceType: 'PLATE' as const,
    quantity: item.quantity,
    ...(item.sizeId ? { sizeId: Number(item.sizeId) } : {}),
    ...(item.notes ? { notes: item.notes } : {}),
    name: item.name,
    extras: item.extras.map((group) => ({
      groupId: Number(group.groupId),
      groupName: group.groupName,
      groupItems: group.groupItems
        .filter((extra) => extra.quantity > 0)
        .map((extra) => ({
          referenceId: Number(extra.referenceId),
          quantity: extra.quantity,
          name: extra.name,
        })),
    })),
  };
}
