/**
 * Configuring a plate before it goes to the cart (ordering §5 "Cart and menu"):
 * size or base price, garnish groups with their min/max/mandatory rules, hidden
 * items, and the unit price that results. The API prices cart items through
 * `plateConfigurationUnitPrice`, so a client-sent price never counts.
 */
import { plateMessages } from './messages';
import { type Minor, moneyMinor } from './money';
import type { CartExtraGroup, CartItem, CartItemSource, GarnishGroup, GarnishItem, Plate } from './types';

/** What the diner has chosen: a size, and per group the quantity of each item. */
export interface PlateSelection {
  sizeId?: string;
  /** groupId → itemId → quantity (> 0). */
  groups: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** A selection change: the new selection and the message when the change was refused. */
export interface PlateSelectionResult {
  selection: PlateSelection;
  message: string | null;
}

/** Why a configuration cannot go to the cart. */
export type PlateConfigurationProblem =
  | { kind: 'SIZE'; message: null }
  | { kind: 'COUNT' | 'UNKNOWN_ITEM' | 'HIDDEN_ITEM' | 'UNKNOWN_GROUP'; groupId: string; message: string };

/** Whether the plate is sold by sizes (else by its base `price`). */
export function plateHasSizes(plate: Pick<Plate, 'sizes'>): boolean {
  return (plate.sizes?.length ?? 0) > 0;
}

/** The price before extras: the chosen size's, or the plate's base price; null when the size is unknown. */
export function plateBasePrice(plate: Pick<Plate, 'sizes' | 'price'>, sizeId?: string): Minor | null {
  if (plateHasSizes(plate)) return plate.sizes?.find((size) => size.id === sizeId)?.price ?? null;
  return plate.price ?? null;
}

/** The lowest price a plate can be bought at, for the menu card ("desde"). */
export function plateFromPrice(plate: Pick<Plate, 'sizes' | 'price'>): Minor | null {
  if (!plateHasSizes(plate)) return plate.price ?? null;
  return (
    plate.sizes?.reduce(
      (min, size) => (size.price < min ? size.price : min),
      moneyMinor(Number.MAX_SAFE_INTEGER),
    ) ?? null
  );
}

/** A group's items the diner may see and pick (`visible: false` ones never). */
export function garnishGroupVisibleItems(group: Pick<GarnishGroup, 'groupItems'>): GarnishItem[] {
  return group.groupItems.filter((item) => item.visible !== false);
}

/** Most items a group takes: 1 for single selection; `maxGarnishAmount`, or no limit when 0/missing, for multiple. */
export function garnishGroupMax(group: Pick<GarnishGroup, 'multipleSelection' | 'maxGarnishAmount'>): number {
  if (!group.multipleSelection) return 1;
  return group.maxGarnishAmount !== undefined && group.maxGarnishAmount > 0
    ? group.maxGarnishAmount
    : Number.POSITIVE_INFINITY;
}

/** Fewest items a group needs: 0 unless mandatory; a mandatory single-selection group needs at least 1. */
export function garnishGroupMin(
  group: Pick<GarnishGroup, 'mandatory' | 'multipleSelection' | 'minGarnishAmount'>,
): number {
  if (!group.mandatory) return 0;
  const min = Math.max(0, group.minGarnishAmount);
  return group.multipleSelection ? min : Math.max(1, min);
}

/** Items chosen in a group (`cantAct`), counting quantities. */
export function plateSelectionGroupCount(selection: PlateSelection, groupId: string): number {
  const items = selection.groups[groupId] ?? {};
  return Object.values(items).reduce((sum, quantity) => sum + quantity, 0);
}

/** The starting selection: the first size (when sized) and no extras. */
export function plateSelectionInitial(plate: Pick<Plate, 'sizes'>): PlateSelection {
  const first = plate.sizes?.[0];
  return first ? { sizeId: first.id, groups: {} } : { groups: {} };
}

/** Chooses a size; an unknown size leaves the selection as it was. */
export function plateSelectSize(
  plate: Pick<Plate, 'sizes'>,
  selection: PlateSelection,
  sizeId: string,
): PlateSelection {
  if (!plate.sizes?.some((size) => size.id === sizeId)) return selection;
  return { ...selection, sizeId };
}

function findVisible(plate: Pick<Plate, 'garnishGroups'>, groupId: string, itemId: string) {
  const group = plate.garnishGroups?.find((candidate) => candidate.groupId === groupId);
  const item = group?.groupItems.find((candidate) => candidate.id === itemId);
  if (!group || !item || item.visible === false) return null;
  return group;
}

function setGroup(selection: PlateSelection, groupId: string, items: Record<string, number>): PlateSelection {
  return { ...selection, groups: { ...selection.groups, [groupId]: items } };
}

/**
 * Ticks an item (radio or checkbox). In a single-selection group it replaces the
 * choice. In a multiple-selection group already at its maximum, a new item is
 * refused with 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo'.
 * Hidden or unknown items are ignored.
 */
export function plateSelectItem(
  plate: Pick<Plate, 'garnishGroups'>,
  selection: PlateSelection,
  groupId: string,
  itemId: string,
): PlateSelectionResult {
  const group = findVisible(plate, groupId, itemId);
  if (!group) return { selection, message: null };
  if (!group.multipleSelection)
    return { selection: setGroup(selection, groupId, { [itemId]: 1 }), message: null };
  const current = selection.groups[groupId] ?? {};
  if ((current[itemId] ?? 0) > 0) return { selection, message: null };
  if (plateSelectionGroupCount(selection, groupId) >= garnishGroupMax(group)) {
    return { selection, message: plateMessages.groupMaxReached };
  }
  return { selection: setGroup(selection, groupId, { ...current, [itemId]: 1 }), message: null };
}

/** Unticks an item (all its units). */
export function plateUnselectItem(
  selection: PlateSelection,
  groupId: string,
  itemId: string,
): PlateSelection {
  const current = selection.groups[groupId];
  if (!current || current[itemId] === undefined) return selection;
  const { [itemId]: _removed, ...rest } = current;
  return setGroup(selection, groupId, rest);
}

/**
 * One more unit of an item (the + of a multiple-selection group). Over the
 * group's maximum it is refused with 'No se pueden agregar mas que el máximo'.
 * In a single-selection group it acts as ticking the item.
 */
export function plateIncrementItem(
  plate: Pick<Plate, 'garnishGroups'>,
  selection: PlateSelection,
  groupId: string,
  itemId: string,
): PlateSelectionResult {
  const group = findVisible(plate, groupId, itemId);
  if (!group) return { selection, message: null };
  if (!group.multipleSelection) return plateSelectItem(plate, selection, groupId, itemId);
  if (plateSelectionGroupCount(selection, groupId) + 1 > garnishGroupMax(group)) {
    return { selection, message: plateMessages.cannotAddMoreThanMax };
  }
  const current = selection.groups[groupId] ?? {};
  return {
    selection: setGroup(selection, groupId, { ...current, [itemId]: (current[itemId] ?? 0) + 1 }),
    message: null,
  };
}

/** One unit less of an item (the −); at 0 the item is unticked. */
export function plateDecrementItem(
  selection: PlateSelection,
  groupId: string,
  itemId: string,
): PlateSelection {
  const quantity = selection.groups[groupId]?.[itemId] ?? 0;
  if (quantity <= 1) return plateUnselectItem(selection, groupId, itemId);
  return setGroup(selection, groupId, { ...selection.groups[groupId], [itemId]: quantity - 1 });
}

/**
 * Every reason the configuration cannot go to the cart, in the plate's group
 * order. A group whose count is outside its min/max, or holding a hidden or
 * unknown item, gives 'Revise que haya agregado la cantidad correcta de opcionales'.
 */
export function plateConfigurationProblems(
  plate: Pick<Plate, 'sizes' | 'price' | 'garnishGroups'>,
  selection: PlateSelection,
): PlateConfigurationProblem[] {
  const problems: PlateConfigurationProblem[] = [];
  if (plateBasePrice(plate, selection.sizeId) === null) problems.push({ kind: 'SIZE', message: null });
  const groups = plate.garnishGroups ?? [];
  const message = plateMessages.wrongGarnishCount;
  for (const groupId of Object.keys(selection.groups)) {
    if (
      !groups.some((group) => group.groupId === groupId) &&
      plateSelectionGroupCount(selection, groupId) > 0
    ) {
      problems.push({ kind: 'UNKNOWN_GROUP', groupId, message });
    }
  }
  for (const group of groups) {
    const chosen = Object.entries(selection.groups[group.groupId] ?? {}).filter(
      ([, quantity]) => quantity !== 0,
    );
    const bad = chosen.find(([, quantity]) => !Number.isInteger(quantity) || quantity < 0);
    const unknown = chosen.find(([itemId]) => !group.groupItems.some((item) => item.id === itemId));
    const hidden = chosen.find(([itemId]) =>
      group.groupItems.some((item) => item.id === itemId && item.visible === false),
    );
    const count = plateSelectionGroupCount(selection, group.groupId);
    if (unknown) problems.push({ kind: 'UNKNOWN_ITEM', groupId: group.groupId, message });
    else if (hidden) problems.push({ kind: 'HIDDEN_ITEM', groupId: group.groupId, message });
    else if (bad || count < garnishGroupMin(group) || count > garnishGroupMax(group)) {
      problems.push({ kind: 'COUNT', groupId: group.groupId, message });
    }
  }
  return problems;
}

/** The unit price of a configuration (base + extras × quantity), or null when it is not valid. */
export function plateConfigurationUnitPrice(
  plate: Pick<Plate, 'sizes' | 'price' | 'garnishGroups'>,
  selection: PlateSelection,
): Minor | null {
  if (plateConfigurationProblems(plate, selection).length > 0) return null;
  let total: number = plateBasePrice(plate, selection.sizeId) ?? 0;
  for (const group of plate.garnishGroups ?? []) {
    for (const item of group.groupItems)
      total += item.price * (selection.groups[group.groupId]?.[item.id] ?? 0);
  }
  return moneyMinor(total);
}

/** The chosen extras in the cart item's shape, in the plate's group and item order. */
export function plateConfigurationExtras(
  plate: Pick<Plate, 'garnishGroups'>,
  selection: PlateSelection,
): CartExtraGroup[] {
  const extras: CartExtraGroup[] = [];
  for (const group of plate.garnishGroups ?? []) {
    const groupItems = group.groupItems
      .filter((item) => (selection.groups[group.groupId]?.[item.id] ?? 0) > 0)
      .map((item) => ({
        referenceId: item.id,
        name: item.name,
        quantity: selection.groups[group.groupId]?.[item.id] ?? 0,
        price: item.price,
      }));
    if (groupItems.length > 0) {
      extras.push({
        groupId: group.groupId,
        groupName: group.groupName,
        multipleSelection: group.multipleSelection,
        groupItems,
      });
    }
  }
  return extras;
}

/** Reads a cart item's extras back as a selection (to edit the line, or to price it on the server). */
export function plateSelectionFromCartItem(item: Pick<CartItem, 'sizeId' | 'extras'>): PlateSelection {
  const groups: Record<string, Record<string, number>> = {};
  for (const group of item.extras) {
    const items: Record<string, number> = { ...groups[group.groupId] };
    for (const extra of group.groupItems)
      items[extra.referenceId] = (items[extra.referenceId] ?? 0) + extra.quantity;
    groups[group.groupId] = items;
  }
  return item.sizeId !== undefined ? { sizeId: item.sizeId, groups } : { groups };
}

/** A line's name: the plate's, with the size in brackets when sized ('Clásica (Doble)'). */
export function plateConfigurationName(plate: Pick<Plate, 'showName' | 'sizes'>, sizeId?: string): string {
  const size = plate.sizes?.find((candidate) => candidate.id === sizeId);
  return size ? `${plate.showName} (${size.name})` : plate.showName;
}

/**
 * The cart item for a valid configuration, or the problems that keep it out of
 * the cart.
 */
export function plateConfigurationToCartItem(
  plate: Plate,
  selection: PlateSelection,
  options: { quantity: number; notes?: string; source?: CartItemSource },
): { item: CartItem; problems: [] } | { item: null; problems: PlateConfigurationProblem[] } {
  const problems = plateConfigurationProblems(plate, selection);
  const price = plateConfigurationUnitPrice(plate, selection);
  if (problems.length > 0 || price === null) return { item: null, problems };
  const base = plateBasePrice(plate, selection.sizeId) ?? price;
  const source = options.source ?? 'plate';
  const item: CartItem = {
    referenceId: plate.id,
    referenceType: 'PLATE',
    name: plateConfigurationName(plate, selection.sizeId),
    notes: options.notes ?? '',
    quantity: options.quantity,
    price,
    originalPrice: price,
    priceWithoutModifiers: base,
    source,
    upsell: source === 'upselled',
    extras: plateConfigurationExtras(plate, selection),
  };
  if (selection.sizeId !== undefined) item.sizeId = selection.sizeId;
  if (plate.categoryId !== undefined) item.categoryId = plate.categoryId;
  if (plate.categoryShowName !== undefined) item.categoryShowName = plate.categoryShowName;
  if (plate.maxQuantity !== undefined) item.maxQuantity = plate.maxQuantity;
  return { item, problems: [] };
}
