/**
 * Plate and category indicators (ordering §3 "Plate", "Menu": `indicators`,
 * `hasIndicators`): the catalogue of the codes Comanda knows, and how any code
 * reads to a diner.
 *
 * A tenant file may carry any code of 1 to 50 characters (tenant-format.ts
 * accepts free strings), so the catalogue cannot be closed: an unknown code is
 * still shown, with a label made from the code itself, and is never offered as
 * a menu filter (a filter needs a meaning a diner can rely on). Codes match
 * exactly, as stored: 'vegano' is not 'VEGANO'.
 */

export interface IndicatorDefinition {
  /** The code as the menu carries it. */
  code: string;
  /** What the diner reads on a plate and on a filter. */
  label: string;
  /** One sentence on what the venue promises by it. */
  description: string;
  /** Whether the menu offers it as a filter a diner can toggle. */
  menuFilter: boolean;
}

/** The known indicators, in the order the menu shows its filters and badges. */
export const INDICATORS: readonly IndicatorDefinition[] = [
  {
    code: 'SIN_TACC',
    label: 'Sin TACC',
    description: 'Sin trigo, avena, cebada ni centeno: apto para celíacos.',
    menuFilter: true,
  },
  {
    code: 'VEGANO',
    label: 'Vegano',
    description: 'Sin ingredientes de origen animal.',
    menuFilter: true,
  },
  {
    code: 'VEGETARIANO',
    label: 'Vegetariano',
    description: 'Sin carne ni pescado.',
    menuFilter: true,
  },
  { code: 'PICANTE', label: 'Picante', description: 'Tiene un toque picante.', menuFilter: false },
  { code: 'NUEVO', label: 'Nuevo', description: 'Recién llegado a la carta.', menuFilter: false },
];

/** The catalogue entry of a code, if Comanda knows it. */
export function indicatorFind(code: string): IndicatorDefinition | undefined {
  return INDICATORS.find((indicator) => indicator.code === code);
}

/** How a code reads: its catalogue label, or the code in words ('SIN_SAL' → 'Sin sal'). */
export function indicatorLabel(code: string): string {
  const known = indicatorFind(code);
  if (known) return known.label;
  const words = code.replace(/_/g, ' ').trim().toLowerCase();
  // A code of underscores only has no words: show it as written rather than nothing.
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}
