import { SUPPORT_CHAT_PROVIDERS, SUPPORT_CHAT_TOKEN_PATTERN } from '@comanda/domain/support-chat';
import { type Static, type TProperties, Type } from 'typebox';

/**
 * The `tenant/v1` import format (contract: this file's types, checked by tenant-validate.ts; example:
 * `fixtures/tenant-example.json`).
 *
 * Structural rules live here; rules that span the file (references by key or
 * alias, duplicates, money precision, closed polygons…) live in
 * `tenant-validate.ts`. Objects refuse unknown fields so that a typo
 * (`"prise": 8500`) is reported instead of silently dropped — except the
 * storefront presentation blobs (`generalConfig`, `menuCustomization`), which
 * are stored verbatim and exported back unchanged.
 *
 * Additions beyond the example, all optional, each named as in the spec:
 * - `imageUrl` on categories and plates;
 * - `description` on garnish items (the spec's `groupItems[].description`);
 * - `timezone` (IANA) on a branch contact, when it differs from the country's;
 * - `customLogoURL` and `customBannerLogoURL` on a branch (a banner URL turns
 *   `withCustomBannerLogo` on);
 * - `welcomeText` on a loyalty programme;
 * - `cashback` on a loyalty programme (the spec's "cashback zero": a percent,
 *   0 unless set, exported only when above 0);
 * - `supportChat` on a branch (ADR 040): the brand's support chat, a Chatwoot
 *   website inbox — `provider` (`CHATWOOT`), `baseUrl` (the chat server's
 *   origin, https or http on localhost/127.0.0.1) and `websiteToken` (the
 *   inbox's public key, the spec's chatbot "API key"); exported only when set.
 *
 * Secrets (`staff[].password`, `riders[].securityCode`, `partners[].jwtSecret`)
 * are optional: an export leaves them out, and importing it keeps the stored
 * ones. A new staff member, rider or partner must carry its secret.
 */

/** Objects of the format are closed: an unknown field is an error, not silently ignored. */
const Closed = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

const Text = Type.String({ minLength: 1, maxLength: 2000 });
const Key = Type.String({ minLength: 1, maxLength: 100 });
/** Aliases end up in URLs (`/menu/{alias}`): lower-case letters, digits and inner dashes. */
export const ALIAS_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$';
const Alias = Type.String({ pattern: ALIAS_PATTERN });
/** Major units as a person writes them; precision is checked against the currency. */
const Money = Type.Number({ minimum: 0 });
/** `2` is 2 %. */
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Count = Type.Integer({ minimum: 0 });
export const TIME_PATTERN = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
const Time = Type.String({ pattern: TIME_PATTERN });
export const E164_PATTERN = '^\\+[1-9][0-9]{6,14}$';
const Phone = Type.String({ pattern: E164_PATTERN });
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 });
const Url = Type.String({ minLength: 1, maxLength: 2000 });

export const DAYS_OF_WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
const DayOfWeek = Type.Enum([...DAYS_OF_WEEK]);
export const ORDER_MODE_TYPES = ['DELIVERY', 'TAKE_AWAY', 'DINE_IN', 'SELF_SERVICE'] as const;
export const MENU_DISCOUNT_TYPES = ['PERCENT', 'FIXED', 'MULTIPLE', 'FINAL_PRICE'] as const;
/** The spec's methods: cash, card online, card through a provider's link, bank transfer. */
export const PAYMENT_METHODS = ['CASH', 'CARD_ONLINE', 'PAYMENT_LINK', 'BANK_TRANSFER'] as const;
export const CODE_DISCOUNT_TYPES = ['PERCENT', 'FIXED', 'FREE_DELIVERY'] as const;

const ValueDiscount = Closed({
  name: Text,
  type: Type.Enum(['PERCENT', 'FIXED']),
  /** Percent for PERCENT, major units for FIXED. */
  value: Type.Number({ minimum: 0 }),
  priority: Type.Optional(Type.Integer()),
});

const Surcharge = Closed({
  name: Text,
  type: Type.Enum(['PERCENT', 'FIXED']),
  value: Type.Number({ minimum: 0 }),
});

const Schedule = Closed({
  scheduleConfigs: Type.Array(
    Closed({
      workingDays: Type.Array(
        Closed({
          dayOfWeek: DayOfWeek,
          workingHours: Type.Array(Closed({ startAt: Time, endAt: Time })),
        }),
      ),
    }),
  ),
});

const PaymentType = Closed({
  key: Key,
  showName: Text,
  description: Type.Optional(Text),
  paymentMethod: Type.Enum([...PAYMENT_METHODS]),
  active: Type.Boolean(),
  upload: Type.Enum(['APP', 'API']),
  onlinePayment: Closed({ providerName: Type.String({ minLength: 1, maxLength: 50 }) }),
});

export const OrderModeSchema = Closed({
  key: Key,
  type: Type.Enum([...ORDER_MODE_TYPES]),
  showName: Text,
  /** Key of a menu of the same branch. */
  menu: Key,
  active: Type.Boolean(),
  orderEnabled: Type.Boolean(),
  useSchedule: Type.Boolean(),
  minDelayInMinutes: Count,
  maxDelayInMinutes: Count,
  schedules: Type.Array(Schedule),
  /** Dates whose hours replace their weekday's; empty `workingHours` = closed that day (ADR 054). */
  specialDays: Type.Optional(
    Type.Array(
      Closed({
        date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
        workingHours: Type.Array(Closed({ startAt: Time, endAt: Time })),
      }),
    ),
  ),
  paymentTypes: Type.Array(PaymentType),
  fees: Closed({ userFee: Money, percentageUserFee: Percent }),
  generalDiscounts: Type.Array(ValueDiscount),
  generalSurcharges: Type.Array(Surcharge),
});

const Coordinates = Closed({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});

const DeliveryZone = Closed({
  name: Text,
  /** Either a radius around the branch contact's coordinates… */
  radiusMeters: Type.Optional(Type.Integer({ minimum: 1 })),
  /** …or a closed ring of `[lng, lat]` pairs (GeoJSON order). */
  polygon: Type.Optional(
    Type.Array(
      Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]),
    ),
  ),
  fee: Money,
  cashFee: Money,
  minimumOrderPrice: Type.Optional(Money),
  freeDeliveryFrom: Type.Optional(Money),
});

const Rider = Closed({
  name: Text,
  phone: Phone,
  /** Clear text in the file, stored only as a salted hash. */
  securityCode: Type.Optional(Type.String({ minLength: 4, maxLength: 64 })),
  /** On shift; only read when the rider is created (afterwards it is live state). */
  active: Type.Boolean(),
});

const BranchContact = Closed({
  alias: Alias,
  name: Text,
  callPhone: Type.Optional(Phone),
  whatsAppPhone: Type.Optional(Phone),
  address: Closed({
    street: Type.Optional(Type.String({ maxLength: 200 })),
    number: Type.Optional(Type.String({ maxLength: 50 })),
    zone: Type.Optional(Type.String({ maxLength: 200 })),
    locality: Type.Optional(Type.String({ maxLength: 200 })),
    city: Type.Optional(Type.String({ maxLength: 200 })),
    country: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  coordinates: Coordinates,
  /** IANA zone of this location's schedules; defaults to the country's. */
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  mandatoryEmail: Type.Boolean(),
  ordersConsoleActive: Type.Boolean(),
  forceCustomerName: Type.Optional(Type.Boolean()),
  forceCustomerPhone: Type.Optional(Type.Boolean()),
  commercialTermsInfo: Closed({ blocked: Type.Boolean() }),
  manualClosing: Type.Boolean(),
  deliveryConfig: Closed({
    betweenStreetsRequired: Type.Boolean(),
    ownLogistics: Type.Boolean(),
    deliveryZones: Type.Array(DeliveryZone),
  }),
  orderModes: Type.Array(OrderModeSchema),
  riders: Type.Array(Rider),
});

const PlateSize = Closed({ key: Key, name: Text, price: Money });

const Plate = Closed({
  key: Key,
  showName: Text,
  description: Type.Optional(Text),
  /** A plate has either `price` or `sizes`. */
  price: Type.Optional(Money),
  sizes: Type.Optional(Type.Array(PlateSize)),
  /** Keys of the branch's garnish groups, in display order. */
  garnishGroups: Type.Optional(Type.Array(Key)),
  indicators: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }))),
  maxQuantity: Type.Optional(Type.Integer({ minimum: 1 })),
  imageUrl: Type.Optional(Url),
});

const Category = Closed({
  key: Key,
  name: Text,
  showName: Text,
  description: Type.Optional(Text),
  imageUrl: Type.Optional(Url),
  plates: Type.Array(Plate),
});

const Menu = Closed({
  key: Key,
  name: Text,
  categories: Type.Array(Category),
  /** Plate keys of this menu, shown in 'Lo más destacado'. */
  remarkeds: Type.Optional(Type.Array(Key)),
  /** Plate keys of this menu, offered in the cart. */
  upselleds: Type.Optional(Type.Array(Key)),
});

const GarnishGroup = Closed({
  key: Key,
  groupName: Text,
  mandatory: Type.Boolean(),
  multipleSelection: Type.Boolean(),
  minGarnishAmount: Count,
  maxGarnishAmount: Count,
  groupItems: Type.Array(
    Closed({
      key: Key,
      name: Text,
      description: Type.Optional(Text),
      price: Money,
      /** Hidden items stay in the data but are never offered. */
      visible: Type.Optional(Type.Boolean()),
    }),
  ),
});

const MenuDiscount = Closed({
  type: Type.Enum([...MENU_DISCOUNT_TYPES]),
  percentage: Type.Optional(Percent),
  fixedDiscount: Type.Optional(Money),
  buy: Type.Optional(Type.Integer({ minimum: 1 })),
  pay: Type.Optional(Type.Integer({ minimum: 0 })),
  finalPrice: Type.Optional(Money),
  /** Plate keys of any menu of the branch. */
  plates: Type.Array(Key, { minItems: 1 }),
  /** Empty or absent: every day. */
  validDays: Type.Optional(Type.Array(DayOfWeek)),
});

const CodeDiscount = Closed({
  /** Matched case-insensitively; stored upper-case. */
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{2,40}$' }),
  type: Type.Enum([...CODE_DISCOUNT_TYPES]),
  /** Percent for PERCENT, major units for FIXED, ignored for FREE_DELIVERY. */
  value: Type.Number({ minimum: 0 }),
  active: Type.Boolean(),
  minimumOrderAmount: Type.Optional(Money),
  firstTimeOnly: Type.Optional(Type.Boolean()),
  maximumDiscountAmount: Type.Optional(Money),
  freeDelivery: Type.Optional(Type.Boolean()),
  /** A plate key that must be in the cart. */
  plate: Type.Optional(Key),
  /** A category key of which an item must be in the cart. */
  category: Type.Optional(Key),
  limitedUsage: Type.Optional(Type.Boolean()),
  usageLimit: Type.Optional(Type.Integer({ minimum: 1 })),
});

const LoyaltyProgram = Closed({
  active: Type.Boolean(),
  name: Text,
  orderPercentage: Type.Optional(Percent),
  minRedeemedPoints: Type.Optional(Count),
  maxRedeemedPoints: Type.Optional(Count),
  maxRedeemedPercentage: Type.Optional(Percent),
  supportsDiscounts: Type.Optional(Type.Boolean()),
  /**
   * Percent of the order's total credited back as money (default 0). A programme
   * returns points (`orderPercentage`) or cashback, never both: one of the two is 0.
   */
  cashback: Type.Optional(Percent),
  /** Aliases of the branch contacts where the programme applies. */
  branchContacts: Type.Optional(Type.Array(Alias)),
  welcomeText: Type.Optional(Text),
});

const LoyaltyReward = Closed({
  key: Key,
  active: Type.Boolean(),
  /** Points credited once per customer. */
  reward: Type.Integer({ minimum: 1 }),
  branchContact: Type.Optional(Alias),
});

const SurveyReason = Closed({
  key: Key,
  title: Text,
  subTitle: Type.Optional(Text),
  type: Type.Enum(['rating', 'text', 'multiselect']),
  options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }))),
});

const SurveyQuestion = Closed({
  key: Key,
  title: Text,
  subTitle: Type.Optional(Text),
  type: Type.Enum(['rating', 'text', 'multiselect']),
  questionOrder: Type.Integer({ minimum: 0 }),
  mandatory: Type.Boolean(),
  priority: Type.Boolean(),
  options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }))),
  /** Follow-up questions asked when the rating is low. */
  questionReasons: Type.Optional(Type.Array(SurveyReason)),
});

// The presentation blobs are stored verbatim (jsonb) and handed to the storefront.
// They stay open (`additionalProperties: true`, said out loud so that the
// response serialiser of the export route keeps every field).
const Open = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: true });

/** Colours, fonts and layout of the storefront (spec: Branch.generalConfig). */
const GeneralConfig = Open({
  colorConfig: Type.Optional(Open({ colorModeType: Type.Optional(Type.String()) })),
  menuConfig: Type.Optional(
    Open({
      plateDetailInModal: Type.Optional(Type.Boolean()),
      platesInMainView: Type.Optional(Type.Boolean()),
    }),
  ),
  fontFamily: Type.Optional(Type.String()),
  onlineMarketingConfig: Type.Optional(Open({})),
});

/** See the spec's "Menu customization". */
const MenuCustomization = Open({
  resource: Type.Optional(Type.String()),
  displayType: Type.Optional(Type.String()),
  theme: Type.Optional(Type.String()),
  commands: Type.Optional(Type.String()),
  promotionalBanner: Type.Optional(
    Closed({ text: Text, orderModeType: Type.Enum(['ALL', ...ORDER_MODE_TYPES]) }),
  ),
  documentLabel: Type.Optional(Type.String({ maxLength: 50 })),
  orderNotesLimit: Type.Optional(Type.Integer({ minimum: 0 })),
  hasOrderNotesLimit: Type.Optional(Type.Boolean()),
  itemNotesLimit: Type.Optional(Type.Integer({ minimum: 0 })),
  hasItemNotesLimit: Type.Optional(Type.Boolean()),
});

/** ADR 040. The base URL's rules (an origin, https) are checked in tenant-validate.ts. */
const SupportChat = Closed({
  provider: Type.Enum([...SUPPORT_CHAT_PROVIDERS]),
  baseUrl: Type.String({ minLength: 1, maxLength: 300 }),
  websiteToken: Type.String({ pattern: SUPPORT_CHAT_TOKEN_PATTERN }),
});

const Branch = Closed({
  alias: Alias,
  name: Text,
  social: Type.Optional(Closed({ instagram: Type.Optional(Url), facebook: Type.Optional(Url) })),
  customMessage: Type.Optional(Text),
  withCustomLogo: Type.Optional(Type.Boolean()),
  customLogoURL: Type.Optional(Url),
  customBannerLogoURL: Type.Optional(Url),
  askForLocation: Type.Optional(Type.Boolean()),
  fbPixelId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  googleTagManagerId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  googleAnalyticsId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  supportChat: Type.Optional(SupportChat),
  generalConfig: Type.Optional(GeneralConfig),
  menuCustomization: Type.Optional(MenuCustomization),
  menus: Type.Array(Menu, { minItems: 1 }),
  garnishGroups: Type.Optional(Type.Array(GarnishGroup)),
  discounts: Type.Optional(Type.Array(MenuDiscount)),
  codeDiscounts: Type.Optional(Type.Array(CodeDiscount)),
  loyaltyProgram: Type.Optional(LoyaltyProgram),
  loyaltyRewards: Type.Optional(Type.Array(LoyaltyReward)),
  survey: Type.Optional(Closed({ active: Type.Boolean(), questions: Type.Array(SurveyQuestion) })),
  branchContacts: Type.Array(BranchContact),
});

const Staff = Closed({
  name: Text,
  /** Logins are unique across tenants; compared lower-cased. */
  email: Email,
  /** Clear text in the file, stored only as a salted hash. */
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  role: Type.Enum(['OWNER', 'STAFF']),
  /** Aliases of the branch contacts this member may see (an OWNER sees all). */
  branchContacts: Type.Optional(Type.Array(Alias)),
});

const Customer = Closed({
  name: Type.Optional(Text),
  phone: Phone,
  email: Type.Optional(Email),
  optIn: Type.Optional(Type.Boolean()),
  /** Opening balance of a new customer; an existing customer's balance is never overwritten. */
  loyaltyPointsBalance: Type.Optional(Count),
});

const Partner = Closed({
  name: Key,
  /** HMAC key for the partner's user tokens. Never exported. */
  jwtSecret: Type.Optional(Type.String({ minLength: 16, maxLength: 500 })),
  generalDiscounts: Type.Array(ValueDiscount),
});

/** The whole `tenant/v1` file. */
export const TenantFileSchema = Closed({
  format: Type.Literal('tenant/v1'),
  country: Closed({
    code: Type.String({ pattern: '^[A-Z]{2}$' }),
    name: Text,
    currency: Closed({
      code: Type.String({ pattern: '^[A-Z]{3}$' }),
      symbol: Type.String({ minLength: 1, maxLength: 8 }),
    }),
    phonePrefix: Type.String({ pattern: '^[1-9][0-9]{0,3}$' }),
    /** Decimals the currency shows: 0 for ARS and CLP, 2 for UYU, MXN and USD. */
    mantissaLength: Type.Integer({ minimum: 0, maximum: 4 }),
    timezone: Type.String({ minLength: 1, maxLength: 64 }),
  }),
  company: Closed({ name: Text, alias: Alias }),
  staff: Type.Optional(Type.Array(Staff)),
  customers: Type.Optional(Type.Array(Customer)),
  partners: Type.Optional(Type.Array(Partner)),
  branches: Type.Array(Branch, { minItems: 1 }),
});

export type TenantFile = Static<typeof TenantFileSchema>;
export type TenantBranch = TenantFile['branches'][number];
export type TenantMenu = TenantBranch['menus'][number];
export type TenantCategory = TenantMenu['categories'][number];
export type TenantPlate = TenantCategory['plates'][number];
export type TenantGarnishGroup = NonNullable<TenantBranch['garnishGroups']>[number];
export type TenantMenuDiscount = NonNullable<TenantBranch['discounts']>[number];
export type TenantCodeDiscount = NonNullable<TenantBranch['codeDiscounts']>[number];
export type TenantLoyaltyProgram = NonNullable<TenantBranch['loyaltyProgram']>;
export type TenantSurvey = NonNullable<TenantBranch['survey']>;
export type TenantBranchContact = TenantBranch['branchContacts'][number];
export type TenantOrderMode = TenantBranchContact['orderModes'][number];
export type TenantPaymentType = TenantOrderMode['paymentTypes'][number];
export type TenantDeliveryZone = TenantBranchContact['deliveryConfig']['deliveryZones'][number];
export type TenantRider = TenantBranchContact['riders'][number];
export type TenantStaff = NonNullable<TenantFile['staff']>[number];
export type TenantCustomer = NonNullable<TenantFile['customers']>[number];
export type TenantPartner = NonNullable<TenantFile['partners']>[number];
export type TenantValueDiscount = TenantOrderMode['generalDiscounts'][number];
export type TenantSchedule = TenantOrderMode['schedules'][number];
