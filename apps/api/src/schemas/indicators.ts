/**
 * Indicators (ordering §3 "Also: Indicators (response shape not shown)", §7
 * `GET /api/indicators`, `GET /api/entityindicators/{a}/{b}`): the shapes are
 * ours (issue 12). One indicator always reads the same way: the domain's
 * catalogue (packages/domain/src/indicators.ts) names it.
 */
import { type Static, Type } from 'typebox';

export const IndicatorSchema = Type.Object(
  {
    code: Type.String({ description: 'The code as menus carry it, e.g. SIN_TACC' }),
    label: Type.String({ description: "What a diner reads: the catalogue's label, or the code in words" }),
    description: Type.Union([Type.String(), Type.Null()], {
      description: 'What the venue promises by it; null for a code the catalogue does not know',
    }),
    menuFilter: Type.Boolean({ description: 'Whether the storefront offers it as a menu filter' }),
    known: Type.Boolean({ description: "Whether it is in Comanda's catalogue" }),
  },
  { additionalProperties: false },
);
export type IndicatorView = Static<typeof IndicatorSchema>;

export const IndicatorListSchema = Type.Object(
  {
    indicators: Type.Array(IndicatorSchema, {
      description:
        "The catalogue, in display order; with orderModeId, followed by the codes the catalogue does not know that the mode's menu uses",
    }),
    inUse: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "Only with orderModeId: the codes its menu's listed plates and categories carry, catalogue order first",
      }),
    ),
  },
  { additionalProperties: false },
);
export type IndicatorList = Static<typeof IndicatorListSchema>;

export const IndicatorEntityTypeSchema = Type.Enum(['PLATE', 'CATEGORY'], {
  description: 'What the id names: a plate or a category (the ids the menu carries)',
});
export type IndicatorEntityType = Static<typeof IndicatorEntityTypeSchema>;

export const EntityIndicatorsSchema = Type.Object(
  {
    entityType: IndicatorEntityTypeSchema,
    entityId: Type.Integer(),
    indicators: Type.Array(IndicatorSchema, {
      description: "The entity's own indicators, in the menu's order",
    }),
  },
  { additionalProperties: false },
);
export type EntityIndicators = Static<typeof EntityIndicatorsSchema>;
