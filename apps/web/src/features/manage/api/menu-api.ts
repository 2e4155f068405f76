/**
 * The 'Carta' tab's calls (ADR 053): a brand's menu, garnish groups and menu
 * discounts in the tenant format (money in major units), each read with a
 * version and saved over it, and menu images uploaded as they are.
 */
import { ApiError, apiRequest } from '../../../lib/api-client';
import { bearer } from './manage-api';

export type WeekDay = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

/**
 * Money as the editor holds it: a number (major units) once it reads as an
 * amount, or the text as typed while it does not (refused before sending).
 */
export type MoneyDraft = number | string;

export interface PlateSize {
  key: string;
  name: string;
  price: MoneyDraft;
}

export interface Plate {
  key: string;
  showName: string;
  description?: string;
  price?: MoneyDraft;
  sizes?: PlateSize[];
  garnishGroups?: string[];
  indicators?: string[];
  maxQuantity?: number;
  imageUrl?: string;
}

export interface Category {
  key: string;
  name: string;
  showName: string;
  description?: string;
  imageUrl?: string;
  plates: Plate[];
}

export interface Menu {
  key: string;
  name: string;
  categories: Category[];
  remarkeds?: string[];
  upselleds?: string[];
}

export interface GarnishItem {
  key: string;
  name: string;
  description?: string;
  price: MoneyDraft;
  visible?: boolean;
}

export interface GarnishGroup {
  key: string;
  groupName: string;
  mandatory: boolean;
  multipleSelection: boolean;
  minGarnishAmount: number;
  maxGarnishAmount: number;
  groupItems: GarnishItem[];
}

export type MenuDiscountType = 'PERCENT' | 'FIXED' | 'MULTIPLE' | 'FINAL_PRICE';

export interface MenuDiscount {
  type: MenuDiscountType;
  percentage?: number;
  fixedDiscount?: MoneyDraft;
  buy?: number;
  pay?: number;
  finalPrice?: MoneyDraft;
  plates: string[];
  validDays?: WeekDay[];
}

export interface MenuCountry {
  code: string;
  currency: { code: string; symbol: string };
  mantissaLength: number;
}

export interface MenuUse {
  branchContactId: number;
  branchContactName: string;
  orderModeType: string;
  orderModeName: string;
}

export interface BrandMenus {
  id: number;
  alias: string;
  name: string;
  menus: { id: number; key: string; name: string; usedBy: MenuUse[] }[];
}

export interface MenusOfCompany {
  country: MenuCountry;
  brands: BrandMenus[];
}

export function menusList(token: string): Promise<MenusOfCompany> {
  return apiRequest('/console/menus', { headers: bearer(token) });
}

/** The three parts the tab edits: where each lives and the field its value travels in. */
export const MENU_PARTS = {
  menu: {
    field: 'menu',
    path: (brandId: number, key = '') => `/console/branches/${brandId}/menus/${encodeURIComponent(key)}`,
  },
  garnishGroups: {
    field: 'garnishGroups',
    path: (brandId: number) => `/console/branches/${brandId}/garnish-groups`,
  },
  discounts: { field: 'discounts', path: (brandId: number) => `/console/branches/${brandId}/menu-discounts` },
} as const;

export interface PartRead<T> {
  value: T;
  version: string;
}

export async function menuPartGet<T>(
  token: string,
  part: keyof typeof MENU_PARTS,
  brandId: number,
  menuKey?: string,
): Promise<PartRead<T>> {
  const { field, path } = MENU_PARTS[part];
  const body = await apiRequest<Record<string, unknown>>(path(brandId, menuKey), { headers: bearer(token) });
  return { value: body[field] as T, version: String(body.version) };
}

/** Saves over `version`; a 409 `ApiError` carries `{ current: { value, version } }` in its body. */
export async function menuPartSave<T>(
  token: string,
  part: keyof typeof MENU_PARTS,
  brandId: number,
  save: { version: string; value: T; menuKey?: string },
): Promise<PartRead<T>> {
  const { field, path } = MENU_PARTS[part];
  const body = await apiRequest<Record<string, unknown>>(path(brandId, save.menuKey), {
    method: 'PUT',
    headers: bearer(token),
    body: { version: save.version, [field]: save.value },
  });
  return { value: body[field] as T, version: String(body.version) };
}

/**
 * Uploads an image as the request body. The one call that is not JSON, so it
 * cannot go through `apiRequest` (whose every byte counts in the storefront's
 * first load, ADR 004); it answers and fails as `apiRequest` does.
 */
export async function menuImageUpload(token: string, file: Blob): Promise<{ url: string }> {
  const response = await fetch('/api/console/images', {
    method: 'POST',
    headers: {
      ...bearer(token),
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
    },
    body: file,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : '',
      body,
      response.statusText,
    );
  }
  return body as { url: string };
}
