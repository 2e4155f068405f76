import { describe, expect, it } from 'vitest';
import { INDICATORS, indicatorFind, indicatorLabel } from './indicators';

describe('indicators: the catalogue', () => {
  it('offers exactly Sin TACC, Vegano and Vegetariano as menu filters', () => {
    expect(
      INDICATORS.filter((indicator) => indicator.menuFilter).map((indicator) => indicator.label),
    ).toEqual(['Sin TACC', 'Vegano', 'Vegetariano']);
  });

  it('lists each code once, as a tenant file may write it (1 to 50 characters)', () => {
    const codes = INDICATORS.map((indicator) => indicator.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z_]{1,50}$/);
  });

  it('finds a known code exactly as stored, and nothing for another spelling', () => {
    expect(indicatorFind('VEGANO')?.label).toBe('Vegano');
    expect(indicatorFind('vegano')).toBeUndefined();
  });
});

describe('indicators: labels', () => {
  it('reads a known code by its catalogue label', () => {
    expect(indicatorLabel('SIN_TACC')).toBe('Sin TACC');
    expect(indicatorLabel('VEGETARIANO')).toBe('Vegetariano');
  });

  it('reads an unknown code as its own words, capitalised once', () => {
    expect(indicatorLabel('SIN_SAL')).toBe('Sin sal');
    expect(indicatorLabel('vegano')).toBe('Vegano');
    expect(indicatorLabel('Apto keto')).toBe('Apto keto');
    expect(indicatorLabel('_BAJO_EN_SODIO_')).toBe('Bajo en sodio');
    expect(indicatorLabel('___')).toBe('___');
  });
});
