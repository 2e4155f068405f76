import { describe, expect, it } from 'vitest';
import { themeColors, themeContrastText, themeDefaults, themeScheme } from './theme';

describe('ordering §9 default colours', () => {
  it('uses the spec defaults when the branch sets nothing', () => {
    expect(themeColors(undefined, 'light')).toMatchObject({
      main: '#F78700',
      borderedButton: '#2bbf66',
      background: '#f5f5f5',
      text: '#1C1C1C',
    });
    expect(themeColors({}, 'dark')).toMatchObject({ background: '#272524', text: '#FFFFFF' });
  });

  it("uses the branch's colour of the scheme, and the default for an invalid value", () => {
    const config = { lightMainColor: '#E4572E', darkMainColor: '#FF7A45', mainBackgroundColorDark: 'red' };
    expect(themeColors(config, 'light').main).toBe('#E4572E');
    expect(themeColors(config, 'dark').main).toBe('#FF7A45');
    expect(themeColors(config, 'dark').background).toBe(themeDefaults.dark.background);
  });
});

describe('ordering §3 colorModeType', () => {
  it('is light for LIGHT or nothing, dark for any other value', () => {
    expect(themeScheme({ colorModeType: 'LIGHT' })).toBe('light');
    expect(themeScheme(null)).toBe('light');
    expect(themeScheme({ colorModeType: 'DARK' })).toBe('dark');
  });
});

describe('readable text on the main colour', () => {
  it('picks white on dark colours and near-black on light ones', () => {
    expect(themeContrastText('#1E1B1A')).toBe('#FFFFFF');
    expect(themeContrastText('#FFE8D6')).toBe('#1C1C1C');
    expect(themeContrastText('#fff')).toBe('#1C1C1C');
  });
});
