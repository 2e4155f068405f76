import {
  type ColorConfig,
  type ColorScheme,
  themeColors,
  themeContrastText,
  themeScheme,
} from '@comanda/domain/theme';
import { useEffect } from 'react';
import { useColorSchemeChoice } from '../stores/color-scheme-store';

/**
 * Applies a branch's theme to the page: its colours become CSS custom
 * properties on <html>, so no component hard-codes a colour. The scheme is the
 * branch's `colorModeType` unless the diner chose one.
 */
export function themeApply(
  config: ColorConfig | null | undefined,
  fontFamily?: string | null,
  forced?: ColorScheme,
) {
  const scheme = forced ?? themeScheme(config);
  const colors = themeColors(config, scheme);
  const root = document.documentElement;
  root.dataset.theme = scheme;
  root.style.setProperty('--color-main', colors.main);
  root.style.setProperty('--color-on-main', themeContrastText(colors.main));
  root.style.setProperty('--color-bordered-button', colors.borderedButton);
  root.style.setProperty('--color-promotional-banner', colors.promotionalBanner);
  root.style.setProperty('--color-background', colors.background);
  root.style.setProperty('--color-text', colors.text);
  root.style.setProperty('--color-description', colors.description);
  // Another branch's font must not linger after moving to a branch without one.
  if (fontFamily) root.style.setProperty('--font-brand', `'${fontFamily.replace(/['\\]/g, '')}'`);
  else root.style.removeProperty('--font-brand');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colors.main);
}

/** The scheme shown: the diner's choice, else the branch's. */
export function themeSchemeShown(
  config: ColorConfig | null | undefined,
  choice: ColorScheme | null,
): ColorScheme {
  return choice ?? themeScheme(config);
}

/**
 * Keeps the page in a branch's theme (or the product's defaults with null)
 * while the calling screen is shown, following the diner's light/dark choice.
 */
export function useBranchTheme(
  branch: { generalConfig: { colorConfig: ColorConfig; fontFamily: string | null } } | null | undefined,
): ColorScheme {
  const choice = useColorSchemeChoice();
  const config = branch?.generalConfig.colorConfig ?? null;
  const font = branch?.generalConfig.fontFamily ?? null;
  useEffect(() => {
    themeApply(config, font, choice ?? undefined);
  }, [config, font, choice]);
  return themeSchemeShown(config, choice);
}
