/**
 * Branch theming (ordering §3 "Branch", §9 "Default colours"): a branch's
 * `colorConfig` resolved to the colours of one colour scheme, with the spec's
 * defaults wherever the branch set nothing.
 */

export type ColorScheme = 'light' | 'dark';

export interface ColorConfig {
  colorModeType?: string | null;
  lightMainColor?: string | null;
  darkMainColor?: string | null;
  buttonBorderedColorLight?: string | null;
  buttonBorderedColorDark?: string | null;
  promotionalBannerColorLight?: string | null;
  promotionalBannerColorDark?: string | null;
  mainBackgroundColorLight?: string | null;
  mainBackgroundColorDark?: string | null;
  mainTextColorLight?: string | null;
  mainTextColorDark?: string | null;
  descriptionTextColorLight?: string | null;
  descriptionTextColorDark?: string | null;
}

export interface ThemeColors {
  main: string;
  borderedButton: string;
  promotionalBanner: string;
  background: string;
  text: string;
  description: string;
}

/** The spec's defaults (§9): main #F78700; bordered button #2bbf66; background and text per scheme. */
export const themeDefaults: Record<ColorScheme, ThemeColors> = {
  light: {
    main: '#F78700',
    borderedButton: '#2bbf66',
    promotionalBanner: '#FFE8CC',
    background: '#f5f5f5',
    text: '#1C1C1C',
    description: '#5C5C5C',
  },
  dark: {
    main: '#F78700',
    borderedButton: '#2bbf66',
    promotionalBanner: '#3A2A1A',
    background: '#272524',
    text: '#FFFFFF',
    description: '#C9C2BE',
  },
};

/** The scheme a branch asks for: `LIGHT` is light, any other value dark (spec: "LIGHT or other"). */
export function themeScheme(config: ColorConfig | null | undefined): ColorScheme {
  return !config?.colorModeType || config.colorModeType === 'LIGHT' ? 'light' : 'dark';
}

/** The colours of one scheme, the branch's where set and valid, else the spec's defaults. */
export function themeColors(config: ColorConfig | null | undefined, scheme: ColorScheme): ThemeColors {
  const defaults = themeDefaults[scheme];
  const pick = (light: string | null | undefined, dark: string | null | undefined, fallback: string) => {
    const value = scheme === 'light' ? light : dark;
    return value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback;
  };
  return {
    main: pick(config?.lightMainColor, config?.darkMainColor, defaults.main),
    borderedButton: pick(
      config?.buttonBorderedColorLight,
      config?.buttonBorderedColorDark,
      defaults.borderedButton,
    ),
    promotionalBanner: pick(
      config?.promotionalBannerColorLight,
      config?.promotionalBannerColorDark,
      defaults.promotionalBanner,
    ),
    background: pick(config?.mainBackgroundColorLight, config?.mainBackgroundColorDark, defaults.background),
    text: pick(config?.mainTextColorLight, config?.mainTextColorDark, defaults.text),
    description: pick(
      config?.descriptionTextColorLight,
      config?.descriptionTextColorDark,
      defaults.description,
    ),
  };
}

/**
 * Text colour readable on a background (WCAG relative luminance): used for
 * labels on the branch's main colour, which the venue picks freely.
 */
export function themeContrastText(background: string): '#FFFFFF' | '#1C1C1C' {
  const hex = background.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const value = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white vs with near-black; pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0617 ? '#FFFFFF' : '#1C1C1C';
}
