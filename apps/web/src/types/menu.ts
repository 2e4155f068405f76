/**
 * The menu as the storefront holds it: the domain's shapes (money in minor
 * units, string ids) plus what the screens need to show and link a plate.
 * Built from the API's menu in one place, `features/menu/api/get-menu.ts`.
 */
import type { MenuDiscount, Plate } from '@comanda/domain/types';

export interface MenuPlate extends Plate {
  /** The API's id (the domain's `id` is its string). */
  numericId: number;
  /** The path segment of the plate page (`./{category}/{plate}`). */
  slug: string;
  categorySlug: string;
  indicators: string[];
  withImage: boolean;
}

export interface MenuCategory {
  id: string;
  numericId: number;
  /** The path segment of the category page. */
  slug: string;
  name: string;
  showName: string;
  description?: string;
  withImage: boolean;
  indicators: string[];
  plates: MenuPlate[];
}

export interface StorefrontMenu {
  id: number;
  /** Only categories with plates (ordering §3). */
  categories: MenuCategory[];
  /** 'Lo más destacado', in order. */
  remarkeds: MenuPlate[];
  /** 'Te recomendamos', in order. */
  upselleds: MenuPlate[];
  discounts: MenuDiscount[];
  /** Every plate of the menu once, by id: what pricing reads. */
  plates: MenuPlate[];
}
