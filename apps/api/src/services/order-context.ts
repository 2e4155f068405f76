/**
 * What an order is priced and checked against, as packages/domain's types:
 * the order mode's menu (from the menu cache), its payment types, general
 * discounts and surcharges, and the branch's loyalty programme. Money is converted to minor units here, once.
 *
 * Both are cached per company `contentVersion`, like the menu itself (ADR 003):
 * every change to tenant content bumps the version, so a process never prices
 * with stale content and nobody needs to tell it. What a venue flips during
 * service (blocked, manual closing, console) is not content: the placement
 * reads it fresh on every order.
 */
import type { LoyaltyProgram } from '@comanda/domain/loyalty';
import { type Minor, moneyMinor, moneyToMinor } from '@comanda/domain/money';
import { scheduleIsOpen } from '@comanda/domain/schedule';
import type {
  GarnishGroup,
  GeneralDiscount,
  MenuDiscount,
  PaymentMethod,
  PaymentType,
  Plate,
  Schedule,
  SpecialDay,
  Surcharge,
} from '@comanda/domain/types';
import type { Queryable } from '../db/client';
import type { LoyaltyProgramRow } from '../repositories/customer-repository';
import type {
  GeneralDiscountRow,
  GeneralSurchargeRow,
  PaymentTypeRow,
} from '../repositories/order-mode-repository';
import {
  orderModeContentLoad,
  type PlacementContextRow,
  type PlacementState,
  placementContextFind,
  placementStateFind,
} from '../repositories/order-placement-repository';
import type { MenuView } from '../schemas/diner';
import { type MenuEntry, menuEntryGet } from './menu-service';

/** A menu as pricing reads it: plates by id (ids as strings, money in minor units) and its discounts. */
export interface DomainMenu {
  plates: Plate[];
  platesById: Map<string, Plate>;
  discounts: MenuDiscount[];
}

/** An order mode's content, ready for packages/domain. */
export interface OrderModeContent {
  paymentTypes: { row: PaymentTypeRow; domain: PaymentType }[];
  generalDiscounts: GeneralDiscount[];
  surcharges: Surcharge[];
  loyaltyProgram: LoyaltyProgram | null;
}

// ---------------------------------------------------------------- menu

// Parsed once per cached body: the body object lives as long as the menu cache keeps it.
const domainMenus = new WeakMap<MenuEntry, DomainMenu>();

function minorOf(major: number, mantissaLength: number): Minor {
  return moneyToMinor(major, mantissaLength);
}

/** The menu body the diners get, read back as packages/domain's menu (major → minor units). */
export function menuViewToDomain(view: MenuView, mantissaLength: number): DomainMenu {
  const platesById = new Map<string, Plate>();
  for (const category of view.categories) {
    for (const plate of category.plates) {
      const id = String(plate.id);
      if (platesById.has(id)) continue;
      const garnishGroups: GarnishGroup[] = plate.garnishGroups.map((group) => ({
        groupId: String(group.groupId),
        groupName: group.groupName,
        minGarnishAmount: group.minGarnishAmount,
        maxGarnishAmount: group.maxGarnishAmount,
        multipleSelection: group.multipleSelection,
        mandatory: group.mandatory,
        groupItems: group.groupItems.map((item) => ({
          id: String(item.id),
          name: item.name,
          price: minorOf(item.price, mantissaLength),
          visible: item.visible,
          ...(item.soldOut ? { soldOut: true } : {}),
        })),
      }));
      const domain: Plate = {
        id,
        showName: plate.showName,
        categoryId: String(plate.category.id),
        categoryShowName: plate.category.showName,
        sizes: plate.sizes.map((size) => ({
          id: String(size.id),
          name: size.name,
          price: minorOf(size.price, mantissaLength),
          ...(size.soldOut ? { soldOut: true } : {}),
        })),
        garnishGroups,
        maxQuantity: plate.maxQuantity,
        ...(plate.soldOut ? { soldOut: true } : {}),
      };
      if (plate.price !== null) domain.price = minorOf(plate.price, mantissaLength);
      platesById.set(id, domain);
    }
  }
  const discounts = view.discounts.map((discount): MenuDiscount => {
    const common = {
      id: String(discount.id),
      plates: discount.plates.map(String),
      validDays: discount.validDays,
    };
    if (discount.type === 'PERCENT') return { ...common, type: 'PERCENT', percentage: discount.percentage };
    if (discount.type === 'FIXED') {
      return { ...common, type: 'FIXED', fixedDiscount: minorOf(discount.fixedDiscount, mantissaLength) };
    }
    if (discount.type === 'MULTIPLE')
      return { ...common, type: 'MULTIPLE', buy: discount.buy, pay: discount.pay };
    return { ...common, type: 'FINAL_PRICE', finalPrice: minorOf(discount.finalPrice, mantissaLength) };
  });
  return { plates: [...platesById.values()], platesById, discounts };
}

/** The order mode's menu through the menu cache (one small query on a hit), as packages/domain's menu. */
export async function orderMenuGet(
  db: Queryable,
  ref: {
    orderModeId: number;
    menuId: number;
    branchContactId: number;
    companyId: number;
    contentVersion: number;
    mantissaLength: number;
  },
): Promise<DomainMenu> {
  const entry = await menuEntryGet(db, ref);
  let menu = domainMenus.get(entry);
  if (!menu) {
    menu = menuViewToDomain(JSON.parse(entry.body) as MenuView, ref.mantissaLength);
    domainMenus.set(entry, menu);
  }
  return menu;
}

// ---------------------------------------------------------------- order mode content

/** Content entries kept (one per order mode and content version). */
export const ORDER_MODE_CONTENT_CACHE_MAX = 1000;

const contentCache = new Map<string, Promise<OrderModeContent>>();
const databaseIds = new WeakMap<Queryable, number>();
let databaseCount = 0;

function databaseId(db: Queryable): number {
  let id = databaseIds.get(db);
  if (id === undefined) {
    id = ++databaseCount;
    databaseIds.set(db, id);
  }
  return id;
}

/** Drops the cached order mode content (tests; imports already change the version). */
export function orderModeContentCacheClear(): void {
  contentCache.clear();
}

function paymentTypeToDomain(row: PaymentTypeRow): PaymentType {
  return {
    id: String(row.id),
    showName: row.showName,
    ...(row.description ? { description: row.description } : {}),
    active: row.active,
    upload: row.upload,
    paymentMethod: row.paymentMethod as PaymentMethod,
    onlinePayment: { providerName: row.providerName },
  };
}

/** PERCENT values are percents; FIXED values are minor units stored in a numeric column. */
function valueToDomain(type: 'PERCENT' | 'FIXED', value: number): number {
  return type === 'FIXED' ? moneyMinor(Math.round(value)) : value;
}

/** A general discount row (an order mode's or a partner's) as packages/domain reads it. */
export function generalDiscountToDomain(row: GeneralDiscountRow): GeneralDiscount {
  const common = {
    id: String(row.id),
    name: row.name,
    ...(row.priority !== null ? { priority: row.priority } : {}),
  };
  return row.type === 'FIXED'
    ? { ...common, type: 'FIXED', value: valueToDomain('FIXED', row.value) as Minor }
    : { ...common, type: 'PERCENT', value: row.value };
}

function surchargeToDomain(row: GeneralSurchargeRow): Surcharge {
  const common = { id: String(row.id), name: row.name };
  return row.type === 'FIXED'
    ? { ...common, type: 'FIXED', value: valueToDomain('FIXED', row.value) as Minor }
    : { ...common, type: 'PERCENT', value: row.value };
}

function loyaltyToDomain(row: LoyaltyProgramRow | null, branchContactIds: number[]): LoyaltyProgram | null {
  if (!row) return null;
  return {
    active: row.active,
    name: row.name,
    orderPercentage: row.orderPercentage,
    cashback: row.cashback,
    minRedeemedPoints: row.minRedeemedPoints,
    ...(row.maxRedeemedPoints !== null ? { maxRedeemedPoints: row.maxRedeemedPoints } : {}),
    ...(row.maxRedeemedPercentage !== null ? { maxRedeemedPercentage: row.maxRedeemedPercentage } : {}),
    supportsDiscounts: row.supportsDiscounts,
    branchContactIds: branchContactIds.map(String),
  };
}

/**
 * An order mode's content at a content version, loaded once per process (five
 * small queries on a miss, none on a hit; concurrent misses share one load).
 */
export async function orderModeContentGet(
  db: Queryable,
  scope: { companyId: number; orderModeId: number; branchId: number; contentVersion: number },
): Promise<OrderModeContent> {
  const key = `${databaseId(db)}:${scope.companyId}:${scope.orderModeId}:${scope.contentVersion}`;
  const cached = contentCache.get(key);
  if (cached) return cached;
  const loading = orderModeContentLoad(db, scope).then((rows) => ({
    paymentTypes: rows.paymentTypes.map((row) => ({ row, domain: paymentTypeToDomain(row) })),
    generalDiscounts: rows.generalDiscounts.map(generalDiscountToDomain),
    surcharges: rows.surcharges.map(surchargeToDomain),
    loyaltyProgram: loyaltyToDomain(rows.loyaltyProgram, rows.loyaltyBranchContactIds),
  }));
  contentCache.set(key, loading);
  // A failed load must not stay cached.
  loading.catch(() => contentCache.delete(key));
  while (contentCache.size > ORDER_MODE_CONTENT_CACHE_MAX) {
    const oldest = contentCache.keys().next().value;
    if (oldest === undefined) break;
    contentCache.delete(oldest);
  }
  return loading;
}

// ---------------------------------------------------------------- open now

/** "Open now" answers kept (one per order mode, content version and minute). */
export const OPEN_NOW_CACHE_MAX = 2000;

const openNowCache = new Map<string, boolean>();

/**
 * Whether an order mode's schedules are open at `now` (packages/domain
 * `scheduleIsOpen`), remembered for the rest of the minute. Exact, not an
 * approximation: working hours are whole `HH:MM` minutes of a zone whose offset
 * is whole minutes, so the answer cannot change inside a UTC minute. It saves
 * the time-zone arithmetic (a dozen Intl conversions) on every order.
 */
export function orderModeOpenNow(
  db: Queryable,
  mode: { id: number; schedules: readonly Schedule[]; specialDays: readonly SpecialDay[] },
  scope: { contentVersion: number; timeZone: string; now: number },
): boolean {
  const minute = Math.floor(scope.now / 60_000);
  const key = `${databaseId(db)}:${mode.id}:${scope.contentVersion}:${scope.timeZone}:${minute}`;
  let open = openNowCache.get(key);
  if (open === undefined) {
    open = scheduleIsOpen(mode.schedules, scope.now, scope.timeZone, mode.specialDays);
    openNowCache.set(key, open);
    while (openNowCache.size > OPEN_NOW_CACHE_MAX) {
      const oldest = openNowCache.keys().next().value;
      if (oldest === undefined) break;
      openNowCache.delete(oldest);
    }
  }
  return open;
}

// ---------------------------------------------------------------- where the order goes

/** Placement contexts kept (one per location, mode and content version). */
export const PLACEMENT_CACHE_MAX = 1000;

const placementCache = new Map<string, Promise<PlacementContextRow | undefined>>();

// The switches last seen per location and mode: what an optimistic placement assumes (and checks).
const rememberedStates = new Map<string, PlacementState>();

/** A placement context and the venue switches it was built with. */
export interface PlacementFound {
  context: PlacementContextRow;
  state: PlacementState;
}

/**
 * The location, its brand, company, country and the order mode, for a
 * placement. What a venue flips during service (blocked, manual closing,
 * console, a mode's switches) and the content version come from one small
 * query; the rest (content, which changes only with the content version) from a
 * per-version cache, and the fresh switches win over the cached rows.
 *
 * `fresh: false` skips even the small query when the switches of this location
 * and mode were seen before: the caller must then check them in its write (the
 * order's statement does, with `state` as its guard) and retry fresh if they
 * changed. Undefined when the location does not exist or is retired.
 */
export async function placementContextGet(
  db: Queryable,
  branchContactId: number,
  orderModeId: number,
  options: { fresh: boolean } = { fresh: true },
): Promise<PlacementFound | undefined> {
  const stateKey = `${databaseId(db)}:${branchContactId}:${orderModeId}`;
  let state = options.fresh ? undefined : rememberedStates.get(stateKey);
  if (!state) {
    state = await placementStateFind(db, branchContactId, orderModeId);
    if (!state) {
      rememberedStates.delete(stateKey);
      return undefined;
    }
    rememberedStates.set(stateKey, state);
    while (rememberedStates.size > PLACEMENT_CACHE_MAX) {
      const oldest = rememberedStates.keys().next().value;
      if (oldest === undefined) break;
      rememberedStates.delete(oldest);
    }
  }
  const key = `${stateKey}:${state.contentVersion}`;
  let loading = placementCache.get(key);
  if (!loading) {
    loading = placementContextFind(db, branchContactId, orderModeId);
    placementCache.set(key, loading);
    loading.catch(() => placementCache.delete(key));
    while (placementCache.size > PLACEMENT_CACHE_MAX) {
      const oldest = placementCache.keys().next().value;
      if (oldest === undefined) break;
      placementCache.delete(oldest);
    }
  }
  const cached = await loading;
  if (!cached) return undefined;
  return {
    state,
    context: {
      ...cached,
      branchContact: {
        ...cached.branchContact,
        blocked: state.blocked,
        manualClosing: state.manualClosing,
        ordersConsoleActive: state.ordersConsoleActive,
      },
      company: { ...cached.company, contentVersion: state.contentVersion },
      orderMode:
        cached.orderMode && state.orderMode
          ? {
              ...cached.orderMode,
              active: state.orderMode.active,
              orderEnabled: state.orderMode.orderEnabled,
            }
          : null,
    },
  };
}
