/**
 * 'Repetir pedido' (issue 11, beyond the spec): a past order's lines go back
 * into the cart at today's menu. Each line is configured again with today's
 * plate (size, extras), so its price is today's; a line whose plate, size or
 * any chosen extra is no longer sold is left out and named, never changed
 * silently into something else. Merging and quantity caps are the cart's own
 * rules (`cartAdd`). The server prices the order again at checkout anyway.
 */
import { type Cart, cartAdd } from './cart';
import { orderRepeatMessages } from './messages';
import {
  plateConfigurationToCartItem,
  plateHasSizes,
  plateSelectionFromCartItem,
} from './plate-configuration';
import type { CartExtraGroup, Plate } from './types';

/** A line of a past order, as the orders list gives it (ids as strings, like the menu's). */
export interface OrderRepeatLine {
  referenceId: string;
  sizeId?: string;
  /** The name the line had when ordered, for the notice when it is left out. */
  name: string;
  quantity: number;
  notes: string;
  extras: readonly Pick<CartExtraGroup, 'groupId' | 'groupItems'>[];
}

/** The cart with the repeated lines, and the names of those no longer sold. */
export interface OrderRepeatResult {
  cart: Cart;
  dropped: string[];
  /** The cart's message when a quantity was limited by a plate's maximum. */
  message: string | null;
}

/**
 * Adds a past order's lines to `cart` at the prices of `plates` (today's menu
 * of the cart's order mode).
 */
export function orderRepeatLines(
  cart: Cart,
  lines: readonly OrderRepeatLine[],
  plates: readonly Plate[],
): OrderRepeatResult {
  const byId = new Map(plates.map((plate) => [plate.id, plate]));
  const dropped: string[] = [];
  let message: string | null = null;
  let next = cart;
  for (const line of lines) {
    const plate = byId.get(line.referenceId);
    // A size the plate no longer has (or a plate no longer sold by sizes) is not sold any more.
    const sizeGone = plate !== undefined && line.sizeId !== undefined && !plateHasSizes(plate);
    const extras = line.extras.map((group) => ({
      groupId: group.groupId,
      groupName: '',
      multipleSelection: false,
      groupItems: group.groupItems,
    }));
    const configured =
      plate && !sizeGone
        ? plateConfigurationToCartItem(
            plate,
            plateSelectionFromCartItem({ ...(line.sizeId ? { sizeId: line.sizeId } : {}), extras }),
            { quantity: line.quantity, notes: line.notes },
          )
        : null;
    if (!configured?.item) {
      if (!dropped.includes(line.name)) dropped.push(line.name);
      continue;
    }
    const added = cartAdd(next, configured.item);
    next = added.cart;
    message ??= added.message;
  }
  return { cart: next, dropped, message };
}

/** The notice for the lines left out, or null when every line went back in. */
export function orderRepeatNotice(dropped: readonly string[]): string | null {
  return dropped.length > 0 ? orderRepeatMessages.dropped(dropped.join(', ')) : null;
}
