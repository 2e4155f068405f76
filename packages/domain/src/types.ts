/**
 * Plain data shapes shared by several rules, named after the spec's fields
 * (ordering §3, follow-up §3) and the tenant format. Money is always `Minor`:
 * the API converts major units at the edge with `moneyToMinor`.
 */
import type { Minor, MoneyCountry } from './money';

declare const minutesBrand: unique symbol;
/** A whole number of minutes (lead times, slot steps). */
export type Minutes = number & { readonly [minutesBrand]: 'Minutes' };

/** Brands a non-negative integer as minutes. */
export function minutes(value: number): Minutes {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`Minutes must be a whole number, got ${value}`);
  return value as Minutes;
}

/** `dayOfWeek` values of schedules and `validDays` of menu discounts. */
export type DayOfWeek = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

/** The week, Monday first (the order of the 'Horarios del Local' table). */
export const DAYS_OF_WEEK: readonly DayOfWeek[] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];

/** The four order modes of ordering §1. */
export type OrderModeType = 'DELIVERY' | 'TAKE_AWAY' | 'DINE_IN' | 'SELF_SERVICE';

/**
 * Payment methods. The spec does not show their constant values; these are the
 * tenant format's (cash, card online, card through a payment link, bank transfer).
 */
export type PaymentMethod = 'CASH' | 'CARD_ONLINE' | 'PAYMENT_LINK' | 'BANK_TRANSFER';

/** The tenant's country: currency, phone prefix, decimals and default time zone. */
export interface Country extends MoneyCountry {
  name: string;
  /** Digits only, e.g. `54`. */
  phonePrefix: string;
  /** IANA time zone, e.g. `America/Argentina/Buenos_Aires`. */
  timezone: string;
}

/** An item of a garnish (extra) group. `visible: false` hides it and makes it unselectable. */
export interface GarnishItem {
  id: string;
  name: string;
  price: Minor;
  description?: string;
  visible?: boolean;
  /** Sold out at the location now (issue 19); absent otherwise. */
  soldOut?: boolean | undefined;
}

/** An extra group of a plate (ordering §3 "Extra group"). */
export interface GarnishGroup {
  groupId: string;
  groupName: string;
  minGarnishAmount: number;
  /** 0 or missing: no maximum for a multiple-selection group (a single-selection group takes 1). */
  maxGarnishAmount?: number;
  multipleSelection: boolean;
  mandatory: boolean;
  groupItems: readonly GarnishItem[];
}

/** A size of a plate; a plate has either sizes or a base price. */
export interface PlateSize {
  id: string;
  name: string;
  price: Minor;
  /** Sold out at the location now (issue 19); absent otherwise. */
  soldOut?: boolean | undefined;
}

/** A plate of the menu (ordering §3 "Plate"). */
export interface Plate {
  id: string;
  showName: string;
  description?: string;
  categoryId?: string;
  categoryShowName?: string;
  price?: Minor;
  sizes?: readonly PlateSize[];
  garnishGroups?: readonly GarnishGroup[];
  /** Units of this plate one order may hold; missing means the default cap 9999999. */
  maxQuantity?: number;
  /** Sold out at the location now (issue 19); absent otherwise. */
  soldOut?: boolean | undefined;
}

/** A menu category; one without plates is hidden. */
export interface Category {
  id: string;
  name: string;
  showName: string;
  description?: string;
  plates: readonly Plate[];
}

/** A menu discount (ordering §3 "Menu > Discounts"), limited to `plates` and, if given, `validDays`. */
export type MenuDiscount = {
  id?: string;
  plates: readonly string[];
  validDays?: readonly DayOfWeek[];
} & (
  | { type: 'PERCENT'; percentage: number }
  | { type: 'FIXED'; fixedDiscount: Minor }
  | { type: 'MULTIPLE'; buy: number; pay: number }
  | { type: 'FINAL_PRICE'; finalPrice: Minor }
);

/** A chosen extra inside a cart item. */
export interface CartExtraItem {
  referenceId: string;
  name: string;
  quantity: number;
  /** Unit price of the extra when known (display only; pricing reads the menu). */
  price?: Minor;
}

/** A group of chosen extras inside a cart item (ordering §3 "Cart item > extras"). */
export interface CartExtraGroup {
  groupId: string;
  groupName: string;
  multipleSelection: boolean;
  groupItems: readonly CartExtraItem[];
}

/** Where a cart item came from: the plate page, the upsell section, or editing a line. */
export type CartItemSource = 'plate' | 'upselled' | 'edit';

/** The menu discount applied to a cart item (ordering §3 "Cart item > discount"). */
export interface CartItemDiscount {
  itemId: string;
  type: MenuDiscount['type'];
  discountReferenceId?: string;
  amount: Minor;
}

/** A line of the cart (ordering §3 "Cart item"). */
export interface CartItem {
  referenceId: string;
  referenceType: 'PLATE' | 'GARNISH';
  name: string;
  notes: string;
  quantity: number;
  /** Unit price including extras, as shown to the diner. */
  price: Minor;
  /** Regular unit price (an upsell line may carry a special `price`). */
  originalPrice?: Minor;
  priceWithoutModifiers?: Minor;
  sizeId?: string;
  categoryId?: string;
  categoryShowName?: string;
  maxQuantity?: number;
  source: CartItemSource;
  upsell?: boolean;
  extras: readonly CartExtraGroup[];
  discount?: CartItemDiscount;
}

/** A shift of a working day, local wall-clock `HH:MM`; `endAt` ≤ `startAt` runs past midnight. */
export interface WorkingHours {
  startAt: string;
  endAt: string;
}

/** A configured weekday of a schedule. */
export interface WorkingDay {
  dayOfWeek: DayOfWeek;
  workingHours: readonly WorkingHours[];
}

/**
 * A date whose hours replace its weekday's (a holiday, a private event):
 * `date` is the location's local `YYYY-MM-DD`; no working hours = closed.
 */
export interface SpecialDay {
  date: string;
  workingHours: readonly WorkingHours[];
}

/** `schedules[]` of an order mode. */
export interface Schedule {
  scheduleConfigs: readonly { workingDays: readonly WorkingDay[] }[];
}

/** A payment type of an order mode (ordering §3 "Payment type"). */
export interface PaymentType {
  id: string;
  showName: string;
  description?: string;
  active: boolean;
  upload: 'APP' | 'API';
  paymentMethod: PaymentMethod;
  /** `providerName: 'DISABLED'` means no online provider. */
  onlinePayment?: { providerName: string };
}

/** An order mode of a branch contact (ordering §3 "Order mode"). */
export interface OrderMode {
  id: string;
  type: OrderModeType;
  showName: string;
  active: boolean;
  orderEnabled: boolean;
  useSchedule: boolean;
  minDelayInMinutes: Minutes;
  maxDelayInMinutes: Minutes;
  schedules: readonly Schedule[];
  /** Dates with their own hours (ADR 054). */
  specialDays?: readonly SpecialDay[];
  paymentTypes: readonly PaymentType[];
}

/** Delivery info of an address (ordering §3 "Delivery info"), as the fee lookup returns it. */
export interface DeliveryInfo {
  fee: Minor;
  /** Fee when paying cash; missing means the same as `fee`. */
  cashFee?: Minor;
  minimumOrderPrice?: Minor;
  /** Products amount from which delivery is free; missing means never free. */
  freeDeliveryFrom?: Minor;
  insideDeliveryArea: boolean;
  /** No rider could be found for the address. */
  providersFailed?: boolean;
  ownLogistics?: boolean;
  /** Riders of this address accept cash; missing means yes. */
  cashAvailable?: boolean;
}

/** Service fee of an order mode (ordering §7 fees call): `userFee` + `percentageUserFee` %. */
export interface Fees {
  userFee: Minor;
  /** A percent: `2` is 2 %. */
  percentageUserFee: number;
}

/** A general discount of an order mode or an external benefit (ordering §3 "Discount entry"). */
export type GeneralDiscount = {
  id?: string;
  name: string;
  /** Lower applies first among external benefits; missing counts as the lowest precedence. */
  priority?: number;
  externalBenefitType?: string;
} & ({ type: 'PERCENT'; value: number } | { type: 'FIXED'; value: Minor });

/** A general surcharge of an order mode (ordering §3 "Surcharge entry"). */
export type Surcharge = {
  id?: string;
  name: string;
} & ({ type: 'PERCENT'; value: number } | { type: 'FIXED'; value: Minor });
