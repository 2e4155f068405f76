/**
 * The 'Carta' editor's rules on its draft, before anything is sent: the
 * obvious checks in Spanish (the server's validator, the tenant import's, is
 * the authority and answers per field), where a server path shows, new keys
 * from names, moving plates, and what an editor changed (to keep it in sight
 * when someone else saved first).
 */
import { menuKeyFromName } from '@comanda/domain/menu-key';
import {
  type MoneyCountry,
  moneyFormatNumber,
  moneyParseInput,
  moneyToMajor,
  moneyToMinor,
} from '@comanda/domain/money';
import type { ChangedValue } from '../api/manage-api';
import type { Category, GarnishGroup, Menu, MenuDiscount, MoneyDraft, Plate } from '../api/menu-api';

export type FieldErrors = Record<string, string>;

export const MENU_DRAFT_MESSAGES = {
  money: 'Escriba el importe como lo cobra, por ejemplo 8.500',
  plateName: 'Escriba el nombre del plato',
  categoryName: 'Escriba el nombre de la categoría',
  priceOrSizes: 'Indique un precio o al menos un tamaño',
  sizeName: 'Escriba el nombre del tamaño',
  groupName: 'Escriba el nombre del grupo',
  itemName: 'Escriba el nombre de la opción',
  maxUnderMin: 'El máximo no puede ser menor que el mínimo',
  discountPlates: 'Elija al menos un plato',
  percentage: 'Escriba un porcentaje entre 1 y 100',
  buyPay: 'Indique cuántos lleva y cuántos paga (paga menos de los que lleva)',
} as const;

/** Money typed in the venue's way (`8.500`, `1.234,50`) as major units; the text itself when it is no amount. */
export function moneyDraftRead(text: string, country: MoneyCountry): MoneyDraft {
  const minor = moneyParseInput(text, country);
  return minor === null ? text : moneyToMajor(minor, country.mantissaLength);
}

/** Money as the input shows it: formatted the venue's way, or the text as typed while it is no amount. */
export function moneyDraftText(value: MoneyDraft | undefined, country: MoneyCountry): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return moneyFormatNumber(moneyToMinor(value, country.mantissaLength), country);
}

const moneyOk = (value: MoneyDraft | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The menu's obvious problems, at the paths the server would name them. */
export function menuLocalErrors(menu: Menu): FieldErrors {
  const errors: FieldErrors = {};
  menu.categories.forEach((category, c) => {
    if (!category.showName.trim()) errors[`categories[${c}].showName`] = MENU_DRAFT_MESSAGES.categoryName;
    category.plates.forEach((plate, p) => {
      const at = `categories[${c}].plates[${p}]`;
      if (!plate.showName.trim()) errors[`${at}.showName`] = MENU_DRAFT_MESSAGES.plateName;
      if (plate.sizes === undefined) {
        if (plate.price === undefined || plate.price === '')
          errors[`${at}.price`] = MENU_DRAFT_MESSAGES.priceOrSizes;
        else if (!moneyOk(plate.price)) errors[`${at}.price`] = MENU_DRAFT_MESSAGES.money;
      } else if (plate.sizes.length === 0) {
        errors[`${at}.sizes`] = MENU_DRAFT_MESSAGES.priceOrSizes;
      }
      plate.sizes?.forEach((size, s) => {
        if (!size.name.trim()) errors[`${at}.sizes[${s}].name`] = MENU_DRAFT_MESSAGES.sizeName;
        if (!moneyOk(size.price)) errors[`${at}.sizes[${s}].price`] = MENU_DRAFT_MESSAGES.money;
      });
    });
  });
  return errors;
}

export function garnishLocalErrors(groups: GarnishGroup[]): FieldErrors {
  const errors: FieldErrors = {};
  groups.forEach((group, g) => {
    if (!group.groupName.trim()) errors[`[${g}].groupName`] = MENU_DRAFT_MESSAGES.groupName;
    if (group.maxGarnishAmount < group.minGarnishAmount)
      errors[`[${g}].maxGarnishAmount`] = MENU_DRAFT_MESSAGES.maxUnderMin;
    group.groupItems.forEach((item, i) => {
      if (!item.name.trim()) errors[`[${g}].groupItems[${i}].name`] = MENU_DRAFT_MESSAGES.itemName;
      if (!moneyOk(item.price)) errors[`[${g}].groupItems[${i}].price`] = MENU_DRAFT_MESSAGES.money;
    });
  });
  return errors;
}

export function discountLocalErrors(discounts: MenuDiscount[]): FieldErrors {
  const errors: FieldErrors = {};
  discounts.forEach((discount, d) => {
    if (discount.plates.length === 0) errors[`[${d}].plates`] = MENU_DRAFT_MESSAGES.discountPlates;
    if (discount.type === 'PERCENT') {
      const value = discount.percentage ?? 0;
      if (!(value > 0 && value <= 100)) errors[`[${d}].percentage`] = MENU_DRAFT_MESSAGES.percentage;
    }
    if (discount.type === 'FIXED' && !moneyOk(discount.fixedDiscount))
      errors[`[${d}].fixedDiscount`] = MENU_DRAFT_MESSAGES.money;
    if (discount.type === 'FINAL_PRICE' && !moneyOk(discount.finalPrice))
      errors[`[${d}].finalPrice`] = MENU_DRAFT_MESSAGES.money;
    if (discount.type === 'MULTIPLE' && !((discount.buy ?? 0) > (discount.pay ?? 0)))
      errors[`[${d}].buy`] = MENU_DRAFT_MESSAGES.buyPay;
  });
  return errors;
}

/**
 * A path of the server's answer as the editor names its fields: the request
 * validator's `body.menu.categories[0].price` and the tenant validator's
 * `categories[0].price` are the same field.
 */
export function serverFieldPath(field: string, partField: string): string {
  const prefix = `body.${partField}`;
  if (field === prefix) return '';
  if (field.startsWith(`${prefix}.`)) return field.slice(prefix.length + 1);
  if (field.startsWith(`${prefix}[`)) return field.slice(prefix.length);
  return field;
}

/** The errors that belong to plate `p` of category `c`, by the plate's own field path. */
export function plateErrors(errors: FieldErrors, c: number, p: number): FieldErrors {
  const at = `categories[${c}].plates[${p}]`;
  const mine: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === at) mine[''] = message;
    else if (path.startsWith(`${at}.`)) mine[path.slice(at.length + 1)] = message;
  }
  return mine;
}

/** Every plate key of the menu (keys are unique within a menu). */
export const menuPlateKeys = (menu: Menu) =>
  menu.categories.flatMap((category) => category.plates.map((p) => p.key));

/** A new plate named `name` in category `c`, with a key made from the name, priced by the venue next. */
export function plateAdd(menu: Menu, c: number, name: string): { menu: Menu; index: number } {
  const plate: Plate = { key: menuKeyFromName(name, menuPlateKeys(menu)), showName: name.trim(), price: '' };
  const categories = menu.categories.map((category, index) =>
    index === c ? { ...category, plates: [...category.plates, plate] } : category,
  );
  return { menu: { ...menu, categories }, index: (categories[c]?.plates.length ?? 1) - 1 };
}

export function categoryAdd(menu: Menu, name: string): Menu {
  const category: Category = {
    key: menuKeyFromName(
      name,
      menu.categories.map((item) => item.key),
    ),
    name: name.trim(),
    showName: name.trim(),
    plates: [],
  };
  return { ...menu, categories: [...menu.categories, category] };
}

/** A plate moved one place up (-1) or down (+1) within its category; unchanged at an end. */
export function plateMove(menu: Menu, c: number, p: number, step: -1 | 1): Menu {
  const plates = [...(menu.categories[c]?.plates ?? [])];
  const to = p + step;
  if (to < 0 || to >= plates.length) return menu;
  [plates[p], plates[to]] = [plates[to] as Plate, plates[p] as Plate];
  return {
    ...menu,
    categories: menu.categories.map((category, i) => (i === c ? { ...category, plates } : category)),
  };
}

/** Removes a plate, and its key from the highlighted and suggested lists that name it. */
export function plateRemove(menu: Menu, c: number, p: number): Menu {
  const key = menu.categories[c]?.plates[p]?.key;
  const drop = (list?: string[]) => list?.filter((item) => item !== key);
  return {
    ...menu,
    remarkeds: drop(menu.remarkeds),
    upselleds: drop(menu.upselleds),
    categories: menu.categories.map((category, i) =>
      i === c ? { ...category, plates: category.plates.filter((_, j) => j !== p) } : category,
    ),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const keyOf = (value: unknown) => (isRecord(value) && typeof value.key === 'string' ? value.key : undefined);

/**
 * What changed from `before` to `after`, leaf by leaf, lists of keyed items
 * matched by key (as the history writes it), so an editor whose save lost a
 * race still sees what they had typed.
 */
export function draftChanges(before: unknown, after: unknown, path = ''): ChangedValue[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const keyed = [...before, ...after].every((item) => keyOf(item) !== undefined);
    if (keyed) {
      const old = new Map(before.map((item) => [keyOf(item), item]));
      const changes: ChangedValue[] = [];
      for (const item of after) {
        const key = keyOf(item) as string;
        changes.push(...draftChanges(old.get(key), item, `${path}[${key}]`));
        old.delete(key);
      }
      for (const [key, item] of old) changes.push({ path: `${path}[${key}]`, before: item });
      return changes;
    }
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => draftChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (before === undefined) return [{ path, after }];
  if (after === undefined) return [{ path, before }];
  return [{ path, before, after }];
}
