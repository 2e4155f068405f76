/**
 * TypeBox schemas of the diner read API (ordering §3 and §7). The same schemas
 * validate the routes, type the presenters (`Static<…>`) and generate the
 * OpenAPI document, so a field renamed in one place is renamed everywhere.
 *
 * Conventions where the spec gives field names only:
 * - every documented key is always present; a value the venue did not set is
 *   `null` (never a missing key), lists are `[]`;
 * - money is in major units of the company's currency (`8500` is $ 8.500);
 *   percents are percents (`2` is 2 %);
 * - ids are the database's integer ids;
 * - list responses are objects naming their list (`{ orderModes: [...] }`), so
 *   paging or metadata can be added without breaking clients.
 */
import { type Static, type TSchema, Type } from 'typebox';

/** `T | null`: a key that is always present but may have no value. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A positive integer id in a path or query (`0`, `-1`, `abc` → 400 naming the parameter). */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** An alias as it appears in `/menu/{alias}`: company, branch or branch contact. */
export const AliasParam = Type.String({ minLength: 1, maxLength: 120 });

export const ErrorSchema = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { description: 'Every error: `{ error, message, fields? }`; `message` is Spanish and names what failed.' },
);

/** The signed-in diner's session (ADR 018), on the routes that answer a customer's own data. */
export const CustomerSessionHeadersSchema = Type.Object({
  'x-customer-session': Type.Optional(
    Type.String({
      maxLength: 128,
      description: 'The token answered by `POST /api/orderingcustomer/session`',
    }),
  ),
});

/** The error responses every diner read route can give. */
export const errorResponses = { 400: ErrorSchema, 404: ErrorSchema } as const;

export const DayOfWeekSchema = Type.Union([
  Type.Literal('MONDAY'),
  Type.Literal('TUESDAY'),
  Type.Literal('WEDNESDAY'),
  Type.Literal('THURSDAY'),
  Type.Literal('FRIDAY'),
  Type.Literal('SATURDAY'),
  Type.Literal('SUNDAY'),
]);
export type DayOfWeek = Static<typeof DayOfWeekSchema>;

const HourMinute = Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Local wall-clock time HH:MM' });

export const CountrySchema = Type.Object({
  code: Type.String({ description: 'ISO 3166 alpha-2, e.g. AR' }),
  name: Type.String(),
  currency: Type.Object({ code: Type.String(), symbol: Type.String() }),
  phonePrefix: Type.String({ description: 'Digits only, e.g. 54' }),
  mantissaLength: Type.Integer({ description: 'Decimals the currency shows (0 for ARS)' }),
  timezone: Type.String({ description: 'IANA time zone' }),
});
export type CountryView = Static<typeof CountrySchema>;

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  alias: Type.String(),
});
export type CompanyView = Static<typeof CompanySchema>;

/** The branch's own colours, null where it set none: packages/domain `themeColors` applies the spec's defaults. */
export const ColorConfigSchema = Type.Object({
  colorModeType: Nullable(Type.String({ description: 'LIGHT, or any other value for dark' })),
  lightMainColor: Nullable(Type.String()),
  darkMainColor: Nullable(Type.String()),
  buttonBorderedColorLight: Nullable(Type.String()),
  buttonBorderedColorDark: Nullable(Type.String()),
  mainBackgroundColorLight: Nullable(Type.String()),
  mainBackgroundColorDark: Nullable(Type.String()),
  mainTextColorLight: Nullable(Type.String()),
  mainTextColorDark: Nullable(Type.String()),
  promotionalBannerColorLight: Nullable(Type.String()),
  promotionalBannerColorDark: Nullable(Type.String()),
  descriptionTextColorLight: Nullable(Type.String()),
  descriptionTextColorDark: Nullable(Type.String()),
});

export const BranchSchema = Type.Object({
  id: Type.Integer(),
  alias: Type.String(),
  name: Type.String(),
  companyId: Type.Integer(),
  social: Type.Object({ instagram: Nullable(Type.String()), facebook: Nullable(Type.String()) }),
  customMessage: Nullable(Type.String()),
  withCustomLogo: Type.Boolean(),
  customLogoURL: Nullable(Type.String()),
  withCustomBannerLogo: Type.Boolean(),
  customBannerLogoURL: Nullable(Type.String()),
  withCustomHorizontalLogo: Type.Boolean(),
  withCustomBackgroundLogo: Type.Boolean(),
  askForLocation: Type.Boolean(),
  generalConfig: Type.Object({
    colorConfig: ColorConfigSchema,
    menuConfig: Type.Object({ plateDetailInModal: Type.Boolean(), platesInMainView: Type.Boolean() }),
    fontFamily: Nullable(Type.String()),
    onlineMarketingConfig: Type.Record(Type.String(), Type.Unknown()),
  }),
  fbPixelId: Nullable(Type.String()),
  googleTagManagerId: Nullable(Type.String()),
  googleAnalyticsId: Nullable(Type.String()),
  supportChat: Type.Optional(
    Type.Object(
      {
        provider: Type.Literal('CHATWOOT'),
        baseUrl: Type.String({ description: "The chat server's origin, e.g. https://chat.example.com" }),
        websiteToken: Type.String({
          description: "The website inbox's public token (the spec's chatbot key)",
        }),
      },
      {
        description:
          'Ours (ADR 040), only when the brand has a support chat: the widget the storefront embeds (ordering §7)',
      },
    ),
  ),
});
export type BranchView = Static<typeof BranchSchema>;

export const WorkingDaySchema = Type.Object({
  dayOfWeek: DayOfWeekSchema,
  workingHours: Type.Array(Type.Object({ startAt: HourMinute, endAt: HourMinute })),
});
export type WorkingDayView = Static<typeof WorkingDaySchema>;

export const ScheduleSchema = Type.Object({
  scheduleConfigs: Type.Array(Type.Object({ workingDays: Type.Array(WorkingDaySchema) })),
});
export type ScheduleView = Static<typeof ScheduleSchema>;

export const SpecialDaySchema = Type.Object({
  date: Type.String({ format: 'date', description: "The location's local date" }),
  workingHours: Type.Array(Type.Object({ startAt: HourMinute, endAt: HourMinute }), {
    description: "Replace the weekday's hours that date; empty: closed",
  }),
});
export type SpecialDayView = Static<typeof SpecialDaySchema>;

/** How the browser tokenizes a card for a payment type (payments/card-tokenization.ts, ADR 010). */
export const CardTokenizationSchema = Type.Union(
  [
    Type.Object({
      provider: Type.Literal('SANDBOX'),
      url: Type.String({
        description: 'Our sandbox: POST {cardNumber, cardholderName, cardExpiry, securityCode}',
      }),
    }),
    Type.Object({
      provider: Type.Literal('MERCADOPAGO'),
      url: Type.String({ description: "Mercado Pago's POST /v1/card_tokens" }),
      publicKey: Type.String({ description: "The account's public (browser) key, sent as ?public_key=" }),
    }),
    Type.Null(),
  ],
  {
    description:
      'How the browser tokenizes a card for this type: the provider that pays it. Null for non-card types, ' +
      'redirect providers (Webpay: card entry on their page) and providers not configured.',
  },
);

export const PaymentTypeSchema = Type.Object({
  id: Type.Integer(),
  showName: Type.String(),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  upload: Type.Union([Type.Literal('APP'), Type.Literal('API')]),
  paymentMethod: Type.String({ description: 'CASH, CARD_ONLINE, PAYMENT_LINK or BANK_TRANSFER' }),
  onlinePayment: Type.Object({
    providerName: Type.String({ description: 'DISABLED means no online payment' }),
  }),
  cardTokenization: CardTokenizationSchema,
});
export type PaymentTypeView = Static<typeof PaymentTypeSchema>;

export const OrderModeTypeSchema = Type.Union([
  Type.Literal('DELIVERY'),
  Type.Literal('TAKE_AWAY'),
  Type.Literal('DINE_IN'),
  Type.Literal('SELF_SERVICE'),
]);

export const OrderModeSchema = Type.Object({
  id: Type.Integer(),
  '@type': OrderModeTypeSchema,
  type: OrderModeTypeSchema,
  showName: Type.String(),
  branchContactId: Type.Integer(),
  menuId: Type.Integer({ description: 'Modes sharing a menu share its hash' }),
  active: Type.Boolean(),
  orderEnabled: Type.Boolean(),
  useSchedule: Type.Boolean(),
  minDelayInMinutes: Type.Integer(),
  maxDelayInMinutes: Type.Integer(),
  schedules: Type.Array(ScheduleSchema),
  specialDays: Type.Array(SpecialDaySchema),
  paymentTypes: Type.Array(PaymentTypeSchema),
});
export type OrderModeView = Static<typeof OrderModeSchema>;

export const AddressSchema = Type.Object({
  street: Nullable(Type.String()),
  number: Nullable(Type.String()),
  zone: Nullable(Type.String()),
  locality: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country: Nullable(Type.String()),
});

const branchContactProperties = {
  id: Type.Integer(),
  alias: Type.String(),
  name: Type.String(),
  branchId: Type.Integer(),
  companyId: Type.Integer(),
  callPhone: Nullable(Type.String()),
  whatsAppPhone: Nullable(Type.String()),
  address: AddressSchema,
  coordinates: Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() })),
  timezone: Type.String({ description: "IANA zone of the schedules (the contact's own or its country's)" }),
  mandatoryEmail: Type.Boolean(),
  ordersConsoleActive: Type.Boolean(),
  forceCustomerName: Type.Boolean(),
  forceCustomerPhone: Type.Boolean(),
  commercialTermsInfo: Type.Object({ blocked: Type.Boolean() }),
  manualClosing: Type.Boolean(),
  deliveryConfig: Type.Object({
    orderModes: Type.Array(OrderModeSchema, { description: 'Active order modes only' }),
    workingDays: Type.Array(WorkingDaySchema, {
      description: 'Opening hours of the location: the union of its active order modes, Monday first',
    }),
    betweenStreetsRequired: Type.Boolean(),
    ownLogistics: Type.Boolean(),
    npsAvg: Nullable(
      Type.Number({
        description:
          'Average general survey rating 1–5, one decimal; null under 5 ratings (the threshold, ADR 031)',
      }),
    ),
  }),
};

/** A branch contact inside a branch's list (the branch itself is the enclosing entity). */
export const BranchContactSummarySchema = Type.Object(branchContactProperties);
export type BranchContactSummaryView = Static<typeof BranchContactSummarySchema>;

/** The spec's branch contact entity, with its branch (theming, menuConfig, social) and country. */
export const BranchContactSchema = Type.Object({
  ...branchContactProperties,
  branch: BranchSchema,
  country: CountrySchema,
  loyaltyProgramName: Type.Optional(
    Type.String({
      description:
        "Ours (ADR 040), only when the brand's loyalty programme is active here: the menu home's support/loyalty banner names it without another read",
    }),
  ),
});
export type BranchContactView = Static<typeof BranchContactSchema>;

// ---------------------------------------------------------------- alias resolution

export const DinerEntitySchema = Type.Union([
  Type.Object({
    type: Type.Literal('COMPANY'),
    company: CompanySchema,
    country: CountrySchema,
    branches: Type.Array(BranchSchema),
  }),
  Type.Object({
    type: Type.Literal('BRANCH'),
    company: CompanySchema,
    country: CountrySchema,
    branch: BranchSchema,
    branchContacts: Type.Array(BranchContactSummarySchema),
  }),
  Type.Object({
    type: Type.Literal('BRANCH_CONTACT'),
    company: CompanySchema,
    country: CountrySchema,
    branchContact: BranchContactSchema,
  }),
]);
export type DinerEntityView = Static<typeof DinerEntitySchema>;

// ---------------------------------------------------------------- menu

export const GarnishItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Number(),
  description: Nullable(Type.String()),
  visible: Type.Boolean(),
  soldOut: Type.Optional(
    Type.Literal(true, { description: 'Sold out at this location now (ADR 052); absent when on sale' }),
  ),
});

export const GarnishGroupSchema = Type.Object({
  groupId: Type.Integer(),
  groupName: Type.String(),
  minGarnishAmount: Type.Integer(),
  maxGarnishAmount: Type.Integer(),
  multipleSelection: Type.Boolean(),
  mandatory: Type.Boolean(),
  groupItems: Type.Array(GarnishItemSchema),
});
export type GarnishGroupView = Static<typeof GarnishGroupSchema>;

export const PlateSchema = Type.Object({
  id: Type.Integer(),
  showName: Type.String(),
  description: Nullable(Type.String()),
  price: Nullable(Type.Number({ description: 'Null when the plate is priced by its sizes' })),
  sizes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      price: Type.Number(),
      soldOut: Type.Optional(
        Type.Literal(true, { description: 'Sold out at this location now (ADR 052); absent when on sale' }),
      ),
    }),
  ),
  garnishGroups: Type.Array(GarnishGroupSchema),
  category: Type.Object({ id: Type.Integer(), name: Type.String(), showName: Type.String() }),
  indicators: Type.Array(Type.String()),
  hasIndicators: Type.Boolean(),
  withImage: Type.Boolean(),
  maxQuantity: Type.Integer({ description: 'Units one order may hold (default 9999999)' }),
  soldOut: Type.Optional(
    Type.Literal(true, { description: 'Sold out at this location now (ADR 052); absent when on sale' }),
  ),
});
export type PlateView = Static<typeof PlateSchema>;

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  showName: Type.String(),
  description: Nullable(Type.String()),
  withImage: Type.Boolean(),
  indicators: Type.Array(Type.String()),
  hasIndicators: Type.Boolean(),
  plates: Type.Array(PlateSchema),
});
export type CategoryView = Static<typeof CategorySchema>;

const discountCommon = {
  id: Type.Integer(),
  plates: Type.Array(Type.Integer(), { description: 'Ids of the plates it applies to' }),
  validDays: Type.Array(DayOfWeekSchema, { description: 'Empty means every day' }),
};

export const MenuDiscountSchema = Type.Union([
  Type.Object({ ...discountCommon, type: Type.Literal('PERCENT'), percentage: Type.Number() }),
  Type.Object({ ...discountCommon, type: Type.Literal('FIXED'), fixedDiscount: Type.Number() }),
  Type.Object({
    ...discountCommon,
    type: Type.Literal('MULTIPLE'),
    buy: Type.Integer(),
    pay: Type.Integer(),
  }),
  Type.Object({ ...discountCommon, type: Type.Literal('FINAL_PRICE'), finalPrice: Type.Number() }),
]);
export type MenuDiscountView = Static<typeof MenuDiscountSchema>;

export const MenuSchema = Type.Object({
  id: Type.Integer({ description: 'Menu id' }),
  name: Type.String(),
  categories: Type.Array(CategorySchema, { description: 'Only categories with plates' }),
  remarkeds: Type.Array(PlateSchema, { description: "'Lo más destacado', in order" }),
  upselleds: Type.Array(PlateSchema, { description: "'Te recomendamos', in order" }),
  discounts: Type.Array(MenuDiscountSchema, { description: 'Menu discounts of plates of this menu' }),
  plates: Type.Optional(
    Type.Array(PlateSchema, {
      description:
        'Every plate, in category order (the spec’s list): only when no `orderModeId` was asked for',
    }),
  ),
});
export type MenuView = Static<typeof MenuSchema>;

export const MenuHashesSchema = Type.Object({
  menuHashes: Type.Array(Type.Object({ orderModeId: Type.Integer(), hash: Type.String() })),
});

// ---------------------------------------------------------------- order mode reads

export const GeneralDiscountSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]),
  value: Type.Number({ description: 'Percent for PERCENT, major units for FIXED' }),
  priority: Nullable(Type.Integer()),
});
export type GeneralDiscountView = Static<typeof GeneralDiscountSchema>;

export const SurchargeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]),
  value: Type.Number({ description: 'Percent for PERCENT, major units for FIXED' }),
});
export type SurchargeView = Static<typeof SurchargeSchema>;

export const FeesSchema = Type.Object({
  userFee: Type.Number({ description: 'Fixed service fee, major units' }),
  percentageUserFee: Type.Number({ description: 'Percent of the amount (2 is 2 %)' }),
});
export type FeesView = Static<typeof FeesSchema>;

export const ScheduleConfigSchema = Type.Object({
  orderModeId: Type.Integer(),
  useSchedule: Type.Boolean(),
  minDelayInMinutes: Type.Integer(),
  maxDelayInMinutes: Type.Integer(),
  timezone: Type.String({ description: 'IANA zone the hours are wall-clock times of' }),
  slotMinutes: Type.Integer({ description: 'Step between availableHours' }),
  schedulerDaysInfo: Type.Array(
    Type.Object({
      dayOfWeek: DayOfWeekSchema,
      date: Type.String({ format: 'date', description: 'Local date the shifts start on' }),
      availableHours: Type.Array(HourMinute, {
        description:
          'Slots HH:MM from now + minDelayInMinutes on; a shift past midnight stays on the day it starts',
      }),
    }),
    { description: 'Offered days (yesterday while its past-midnight shift lasts, today and 6 more)' },
  ),
  datesBetween: Nullable(
    Type.Array(Type.String({ format: 'date' }), {
      minItems: 2,
      maxItems: 2,
      description: 'First and last offered date; null when nothing can be scheduled',
    }),
  ),
  schedules: Type.Array(ScheduleSchema),
  specialDays: Type.Array(SpecialDaySchema),
});
export type ScheduleConfigView = Static<typeof ScheduleConfigSchema>;

// ---------------------------------------------------------------- branch reads

export const MenuCustomizationSchema = Type.Object({
  branchId: Type.Integer(),
  resource: Nullable(Type.String()),
  displayType: Nullable(Type.String()),
  theme: Nullable(Type.String()),
  commands: Nullable(Type.String({ description: 'JSON text' })),
  promotionalBanner: Nullable(
    Type.Object({
      text: Type.String(),
      orderModeType: Type.String({ description: 'An order mode type, or ALL' }),
    }),
  ),
  documentLabel: Nullable(Type.String()),
  orderNotesLimit: Type.Integer(),
  hasOrderNotesLimit: Type.Boolean(),
  itemNotesLimit: Type.Integer(),
  hasItemNotesLimit: Type.Boolean(),
});
export type MenuCustomizationView = Static<typeof MenuCustomizationSchema>;

export const FileUrlSchema = Type.Object({ url: Type.String() });

export const FileTypeSchema = Type.Union(
  [Type.Literal('LOGO'), Type.Literal('BANNER_LOGO'), Type.Literal('PLATE'), Type.Literal('CATEGORY')],
  { description: 'LOGO and BANNER_LOGO take a branch id; PLATE and CATEGORY their own ids' },
);
export type FileType = Static<typeof FileTypeSchema>;
