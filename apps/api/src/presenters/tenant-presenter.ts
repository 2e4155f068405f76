/**
 * Tenant rows → the spec's JSON (ordering §3: company, country, branch, branch
 * contact, order mode, payment type). Nothing leaves the server unshaped: keys
 * the storefront does not need (secrets, internal keys, positions) never appear.
 */
import type { GeneralConfig, ScheduleDefinition, SpecialDayDefinition } from '../db/schema/tenant';
import type { CardTokenization } from '../payments/card-tokenization';
import type { OrderModeRow, PaymentTypeRow } from '../repositories/order-mode-repository';
import type { BranchContactRow, BranchRow, CompanyRow, CountryRow } from '../repositories/tenant-repository';
import type {
  BranchContactSummaryView,
  BranchContactView,
  BranchView,
  CompanyView,
  CountryView,
  OrderModeView,
  PaymentTypeView,
  ScheduleView,
  SpecialDayView,
  WorkingDayView,
} from '../schemas/diner';
import { daysOfWeek, isDayOfWeek, publicUrlOf, textOrNull } from './present-utils';

export function countryPresent(row: CountryRow): CountryView {
  return {
    code: row.code,
    name: row.name,
    currency: { code: row.currencyCode, symbol: row.currencySymbol },
    phonePrefix: row.phonePrefix,
    mantissaLength: row.mantissaLength,
    timezone: row.timezone,
  };
}

export function companyPresent(row: CompanyRow): CompanyView {
  return { id: row.id, name: row.name, alias: row.alias };
}

function generalConfigPresent(config: GeneralConfig): BranchView['generalConfig'] {
  const colors = config.colorConfig ?? {};
  return {
    // As the branch set them; packages/domain `themeColors` fills the spec's defaults in one place.
    colorConfig: {
      colorModeType: textOrNull(colors.colorModeType),
      lightMainColor: textOrNull(colors.lightMainColor),
      darkMainColor: textOrNull(colors.darkMainColor),
      buttonBorderedColorLight: textOrNull(colors.buttonBorderedColorLight),
      buttonBorderedColorDark: textOrNull(colors.buttonBorderedColorDark),
      mainBackgroundColorLight: textOrNull(colors.mainBackgroundColorLight),
      mainBackgroundColorDark: textOrNull(colors.mainBackgroundColorDark),
      mainTextColorLight: textOrNull(colors.mainTextColorLight),
      mainTextColorDark: textOrNull(colors.mainTextColorDark),
      promotionalBannerColorLight: textOrNull(colors.promotionalBannerColorLight),
      promotionalBannerColorDark: textOrNull(colors.promotionalBannerColorDark),
      descriptionTextColorLight: textOrNull(colors.descriptionTextColorLight),
      descriptionTextColorDark: textOrNull(colors.descriptionTextColorDark),
    },
    menuConfig: {
      plateDetailInModal: config.menuConfig?.plateDetailInModal ?? false,
      platesInMainView: config.menuConfig?.platesInMainView ?? false,
    },
    fontFamily: textOrNull(config.fontFamily),
    onlineMarketingConfig: config.onlineMarketingConfig ?? {},
  };
}

/** A branch (brand) with its theming; relative logo urls become absolute under `publicUrl`. */
export function branchPresent(row: BranchRow, publicUrl: string): BranchView {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    companyId: row.companyId,
    social: { instagram: textOrNull(row.social.instagram), facebook: textOrNull(row.social.facebook) },
    customMessage: textOrNull(row.customMessage),
    withCustomLogo: row.withCustomLogo,
    customLogoURL: publicUrlOf(row.customLogoUrl, publicUrl),
    withCustomBannerLogo: row.withCustomBannerLogo,
    customBannerLogoURL: publicUrlOf(row.customBannerLogoUrl, publicUrl),
    withCustomHorizontalLogo: row.withCustomHorizontalLogo,
    withCustomBackgroundLogo: row.withCustomBackgroundLogo,
    askForLocation: row.askForLocation,
    generalConfig: generalConfigPresent(row.generalConfig),
    fbPixelId: textOrNull(row.fbPixelId),
    googleTagManagerId: textOrNull(row.googleTagManagerId),
    googleAnalyticsId: textOrNull(row.googleAnalyticsId),
    ...(row.supportChat
      ? {
          supportChat: {
            provider: row.supportChat.provider,
            baseUrl: row.supportChat.baseUrl,
            websiteToken: row.supportChat.websiteToken,
          },
        }
      : {}),
  };
}

/** A payment type; `cardTokenization` comes from the payments module (payments/card-tokenization.ts). */
export function paymentTypePresent(row: PaymentTypeRow, cardTokenization: CardTokenization): PaymentTypeView {
  return {
    id: row.id,
    showName: row.showName,
    description: textOrNull(row.description),
    active: row.active,
    upload: row.upload,
    paymentMethod: row.paymentMethod,
    onlinePayment: { providerName: row.providerName },
    cardTokenization,
  };
}

/** Stored schedules as the spec's `schedules[].scheduleConfigs[].workingDays[]`, unknown day names dropped. */
export function schedulesPresent(schedules: ScheduleDefinition[]): ScheduleView[] {
  return schedules.map((schedule) => ({
    scheduleConfigs: (schedule.scheduleConfigs ?? []).map((config) => ({
      workingDays: (config.workingDays ?? []).flatMap((day) => {
        const dayOfWeek = day.dayOfWeek;
        if (!isDayOfWeek(dayOfWeek)) return [];
        return [
          {
            dayOfWeek,
            workingHours: (day.workingHours ?? []).map((hours) => ({
              startAt: hours.startAt,
              endAt: hours.endAt,
            })),
          },
        ];
      }),
    })),
  }));
}

/** Stored special days as the diner reads them (ADR 054). */
export function specialDaysPresent(specialDays: SpecialDayDefinition[]): SpecialDayView[] {
  return specialDays.map((day) => ({
    date: day.date,
    workingHours: day.workingHours.map((hours) => ({ startAt: hours.startAt, endAt: hours.endAt })),
  }));
}

/**
 * An order mode with its payment types (`paymentTypes` are the rows of this
 * mode, in order; `tokenizations` by payment type id, a type absent from it has none).
 */
export function orderModePresent(
  row: OrderModeRow,
  paymentTypes: PaymentTypeRow[],
  tokenizations: ReadonlyMap<number, CardTokenization>,
): OrderModeView {
  return {
    id: row.id,
    '@type': row.type,
    type: row.type,
    showName: row.showName,
    branchContactId: row.branchContactId,
    menuId: row.menuId,
    active: row.active,
    orderEnabled: row.orderEnabled,
    useSchedule: row.useSchedule,
    minDelayInMinutes: row.minDelayInMinutes,
    maxDelayInMinutes: row.maxDelayInMinutes,
    schedules: schedulesPresent(row.schedules),
    specialDays: specialDaysPresent(row.specialDays),
    paymentTypes: paymentTypes.map((type) => paymentTypePresent(type, tokenizations.get(type.id) ?? null)),
  };
}

/** Groups payment type rows by order mode and presents each mode. */
export function orderModesPresent(
  modes: OrderModeRow[],
  paymentTypes: PaymentTypeRow[],
  tokenizations: ReadonlyMap<number, CardTokenization>,
): OrderModeView[] {
  const byMode = new Map<number, PaymentTypeRow[]>();
  for (const paymentType of paymentTypes) {
    const list = byMode.get(paymentType.orderModeId) ?? [];
    list.push(paymentType);
    byMode.set(paymentType.orderModeId, list);
  }
  return modes.map((mode) => orderModePresent(mode, byMode.get(mode.id) ?? [], tokenizations));
}

/**
 * The opening hours of a location: for each weekday, the shifts of all its
 * (active) order modes, deduplicated and sorted, Monday first. What 'Cerrado'
 * and 'Ver horarios' need without knowing each mode.
 */
export function workingDaysUnion(orderModes: OrderModeView[]): WorkingDayView[] {
  const byDay = new Map<string, Map<string, { startAt: string; endAt: string }>>();
  for (const mode of orderModes) {
    for (const schedule of mode.schedules) {
      for (const config of schedule.scheduleConfigs) {
        for (const day of config.workingDays) {
          const shifts = byDay.get(day.dayOfWeek) ?? new Map();
          for (const hours of day.workingHours) shifts.set(`${hours.startAt}-${hours.endAt}`, hours);
          byDay.set(day.dayOfWeek, shifts);
        }
      }
    }
  }
  return daysOfWeek.flatMap((dayOfWeek) => {
    const shifts = byDay.get(dayOfWeek);
    if (!shifts || shifts.size === 0) return [];
    const workingHours = [...shifts.values()].sort(
      (a, b) => a.startAt.localeCompare(b.startAt) || a.endAt.localeCompare(b.endAt),
    );
    return [{ dayOfWeek, workingHours }];
  });
}

/** A branch contact without its branch and country (inside a branch's own response). */
export function branchContactSummaryPresent(
  row: BranchContactRow,
  context: { countryTimezone: string; orderModes: OrderModeView[]; npsAvg: number | null },
): BranchContactSummaryView {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    branchId: row.branchId,
    companyId: row.companyId,
    callPhone: textOrNull(row.callPhone),
    whatsAppPhone: textOrNull(row.whatsAppPhone),
    address: {
      street: textOrNull(row.address.street),
      number: textOrNull(row.address.number),
      zone: textOrNull(row.address.zone),
      locality: textOrNull(row.address.locality),
      city: textOrNull(row.address.city),
      country: textOrNull(row.address.country),
    },
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    timezone: row.timezone ?? context.countryTimezone,
    mandatoryEmail: row.mandatoryEmail,
    ordersConsoleActive: row.ordersConsoleActive,
    forceCustomerName: row.forceCustomerName,
    forceCustomerPhone: row.forceCustomerPhone,
    commercialTermsInfo: { blocked: row.blocked },
    manualClosing: row.manualClosing,
    deliveryConfig: {
      orderModes: context.orderModes,
      workingDays: workingDaysUnion(context.orderModes),
      betweenStreetsRequired: row.betweenStreetsRequired,
      ownLogistics: row.ownLogistics,
      npsAvg: context.npsAvg === null ? null : Math.round(context.npsAvg * 10) / 10,
    },
  };
}

/** The spec's branch contact entity: the summary plus its branch and country. */
export function branchContactPresent(
  row: BranchContactRow,
  context: {
    branch: BranchView;
    country: CountryView;
    orderModes: OrderModeView[];
    npsAvg: number | null;
    /** The brand's programme's name when it is active at this location (ADR 040), else null. */
    loyaltyProgramName: string | null;
  },
): BranchContactView {
  return {
    ...branchContactSummaryPresent(row, {
      countryTimezone: context.country.timezone,
      orderModes: context.orderModes,
      npsAvg: context.npsAvg,
    }),
    branch: context.branch,
    country: context.country,
    ...(context.loyaltyProgramName ? { loyaltyProgramName: context.loyaltyProgramName } : {}),
  };
}
