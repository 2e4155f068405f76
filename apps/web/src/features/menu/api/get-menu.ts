/**
 * The menu of an order mode. This is the one place where the API's menu, in
 * major units with numeric ids, becomes the domain's shapes: money in minor
 * units (`moneyToMinor` with the country's `mantissaLength`) and string ids.
 * Everything after this point prices with `@comanda/domain` functions.
 */
import { menuVisibleCategories } from '@comanda/domain/menu';
import { type Minor, moneyToMinor } from '@comanda/domain/money';
import type { GarnishGroup, MenuDiscount } from '@comanda/domain/types';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { slugify } from '../../../lib/storefront-path';
import { resourceForget, useCachedResource } from '../../../lib/use-resource';
import type { ApiGarnishGroup, ApiMenu, ApiMenuDiscount, ApiPlate } from '../../../types/api';
import type { MenuCategory, MenuPlate, StorefrontMenu } from '../../../types/menu';

function garnishGroupMap(group: ApiGarnishGroup, toMinor: (major: number) => Minor): GarnishGroup {
  return {
    groupId: String(group.groupId),
    groupName: group.groupName,
    minGarnishAmount: group.minGarnishAmount,
    maxGarnishAmount: group.maxGarnishAmount,
    multipleSelection: group.multipleSelection,
    mandatory: group.mandatory,
    groupItems: group.groupItems.map((item) => ({
      id: String(item.id),
      name: item.name,
      price: toMinor(item.price),
      ...(item.description ? { description: item.description } : {}),
      visible: item.visible,
      soldOut: item.soldOut,
    })),
  };
}

function plateMap(plate: ApiPlate, toMinor: (major: number) => Minor): MenuPlate {
  const mapped: MenuPlate = {
    id: String(plate.id),
    numericId: plate.id,
    slug: slugify(plate.showName) || String(plate.id),
    showName: plate.showName,
    categoryId: String(plate.category.id),
    categoryShowName: plate.category.showName,
    categorySlug: slugify(plate.category.name) || String(plate.category.id),
    garnishGroups: plate.garnishGroups.map((group) => garnishGroupMap(group, toMinor)),
    maxQuantity: plate.maxQuantity,
    indicators: plate.hasIndicators ? plate.indicators : [],
    withImage: plate.withImage,
    soldOut: plate.soldOut,
  };
  if (plate.description) mapped.description = plate.description;
  if (plate.sizes.length > 0)
    mapped.sizes = plate.sizes.map((size) => ({
      id: String(size.id),
      name: size.name,
      price: toMinor(size.price),
      soldOut: size.soldOut,
    }));
  else if (plate.price !== null) mapped.price = toMinor(plate.price);
  return mapped;
}

function discountMap(discount: ApiMenuDiscount, toMinor: (major: number) => Minor): MenuDiscount {
  const common = {
    id: String(discount.id),
    plates: discount.plates.map(String),
    validDays: discount.validDays,
  };
  switch (discount.type) {
    case 'PERCENT':
      return { ...common, type: 'PERCENT', percentage: discount.percentage };
    case 'FIXED':
      return { ...common, type: 'FIXED', fixedDiscount: toMinor(discount.fixedDiscount) };
    case 'MULTIPLE':
      return { ...common, type: 'MULTIPLE', buy: discount.buy, pay: discount.pay };
    case 'FINAL_PRICE':
      return { ...common, type: 'FINAL_PRICE', finalPrice: toMinor(discount.finalPrice) };
  }
}

/** The API's menu in the domain's units and shapes. */
export function menuFromApi(menu: ApiMenu, mantissaLength: number): StorefrontMenu {
  const toMinor = (major: number) => moneyToMinor(major, mantissaLength);
  const byId = new Map<number, MenuPlate>();
  const plate = (source: ApiPlate) => {
    let mapped = byId.get(source.id);
    if (!mapped) {
      mapped = plateMap(source, toMinor);
      byId.set(source.id, mapped);
    }
    return mapped;
  };
  const mapped: MenuCategory[] = menu.categories.map((category) => ({
    id: String(category.id),
    numericId: category.id,
    slug: slugify(category.name) || String(category.id),
    name: category.name,
    showName: category.showName,
    ...(category.description ? { description: category.description } : {}),
    withImage: category.withImage,
    indicators: category.hasIndicators ? category.indicators : [],
    plates: category.plates.map(plate),
  }));
  return {
    id: menu.id,
    // ordering §3: only categories with plates are kept (the API already drops them).
    categories: menuVisibleCategories(mapped),
    remarkeds: menu.remarkeds.map(plate),
    upselleds: menu.upselleds.map(plate),
    discounts: menu.discounts.map((discount) => discountMap(discount, toMinor)),
    plates: [...byId.values()],
  };
}

export function menuKey(alias: string, branchContactId: number, orderModeId: number) {
  return `menu:${alias}:${branchContactId}:${orderModeId}`;
}

/** Reads a mode's menu (the browser revalidates it with the ETag the API sends). */
export async function getMenu(
  alias: string,
  branchContactId: number,
  orderModeId: number,
  mantissaLength: number,
): Promise<StorefrontMenu> {
  const menu = await apiRequest<ApiMenu>(`/diner/${encodeURIComponent(alias)}/menu/${branchContactId}`, {
    query: { orderModeId },
  });
  return menuFromApi(menu, mantissaLength);
}

/** (decision, ADR 052) How long after a menu screen opens its live listener starts. */
const LIVE_MENU_AFTER_MS = 4e3;

/** What names a mode's menu. */
export interface MenuTarget {
  alias: string;
  branchContactId: number;
  orderModeId: number;
  mantissaLength: number;
}

/**
 * The menu of an order mode, shared by the menu and the cart screens. It
 * follows the venue's changes live (a sold-out switch, a new price): the
 * listener is its own chunk, fetched after the first paint (ADR 052).
 */
export function useMenu(target: MenuTarget | null, attempt = 0) {
  const key = target ? menuKey(target.alias, target.branchContactId, target.orderModeId) : null;
  const [fresh, setFresh] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the target.
  useEffect(() => {
    const stop = new AbortController();
    // Once the page has settled: the menu was just read, and a change meanwhile is caught on connect.
    if (target)
      setTimeout(
        () => import('../lib/live-menu').then((live) => live.liveMenuFollow(target, stop.signal, setFresh)),
        LIVE_MENU_AFTER_MS,
      );
    return () => stop.abort();
  }, [key]);
  return useCachedResource(
    key,
    () =>
      target
        ? getMenu(target.alias, target.branchContactId, target.orderModeId, target.mantissaLength)
        : Promise.reject(new Error('no menu requested')),
    attempt + fresh,
  );
}

/** Finds a category by its path segment (its slug, or its id). */
export function menuCategoryFind(menu: StorefrontMenu, segment: string): MenuCategory | null {
  const wanted = slugify(decodeURIComponent(segment));
  return menu.categories.find((category) => category.slug === wanted || category.id === segment) ?? null;
}

/** Finds a plate of a category by its path segment (its slug, or its id). */
export function menuPlateFind(category: MenuCategory, segment: string): MenuPlate | null {
  const wanted = slugify(decodeURIComponent(segment));
  return category.plates.find((plate) => plate.slug === wanted || plate.id === segment) ?? null;
}

/** Forgets a mode's cached menu, so the next read asks the server again (after it priced an order differently). */
export function menuForget(alias: string, branchContactId: number, orderModeId: number): void {
  resourceForget(menuKey(alias, branchContactId, orderModeId));
}
