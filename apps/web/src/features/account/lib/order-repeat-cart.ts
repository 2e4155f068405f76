/**
 * 'Repetir pedido' into the storefront's cart: the past order's lines are
 * configured again on today's menu (`orderRepeatLines`) and added through the
 * cart store's own action, one line at a time, so merging and quantity caps
 * are the cart's rules. The lines go into the mode the diner is ordering in
 * (the cart's); a cart without a mode yet takes the order's.
 */
import { cartEmpty } from '@comanda/domain/cart';
import { orderRepeatLines, orderRepeatNotice } from '@comanda/domain/order-repeat';
import type { Plate } from '@comanda/domain/types';
import { cartBind, cartLogicLoad } from '../../../stores/cart-store';
import { type DinerOrder, dinerOrderRepeatLines } from '../api/account-history-api';

/** Today's menu of an order mode, as the storefront loads it, and the hash that keeps its cart. */
export type RepeatMenuRead = (orderModeId: number) => Promise<{ plates: readonly Plate[]; menuHash: string }>;

export interface OrderRepeatOutcome {
  /** Units went into the cart. */
  added: boolean;
  /** What was left out because it is no longer sold ('Ya no están a la venta…'), if anything. */
  notice: string | null;
  /** The cart's own message when a plate's maximum limited a quantity. */
  limit: string | null;
}

export async function orderRepeatIntoCart(
  order: DinerOrder,
  menuRead: RepeatMenuRead,
): Promise<OrderRepeatOutcome> {
  const logic = await cartLogicLoad();
  cartBind(order.branchContact.alias, order.branchContact.id);
  const { cart } = logic.cartCurrent();
  const orderModeId = cart.orderModeId === null ? order.orderModeId : Number(cart.orderModeId);
  const menu = await menuRead(orderModeId);
  if (cart.orderModeId === null) logic.cartActions.setMode(orderModeId, menu.menuHash);
  const repeated = orderRepeatLines(cartEmpty(), dinerOrderRepeatLines(order), menu.plates);
  let limit = repeated.message;
  for (const item of repeated.cart.items) limit ??= logic.cartActions.add(item).message;
  return { added: repeated.cart.items.length > 0, notice: orderRepeatNotice(repeated.dropped), limit };
}
