import { z } from 'zod';

/**
 * An item's star and citation figures (docs/product.md#facts): each is shown only with the
 * source it was read from and the time it was true, as item_figures() answers them from the
 * enrich signals; a figure nobody has read is absent, never a bare number. Apart from
 * item-figures.ts's wording, which cards use before zod has loaded.
 */
export const ItemFigureSchema = z.object({
  value: z.number().nonnegative(),
  /** 'github', 'openalex', 'crossref' … (item_signals.source). */
  source: z.string(),
  /** When the figure was true (an ISO timestamp). */
  as_of: z.string(),
  /** The curated list the figure was read from, when it did not come from the source itself. */
  via: z.string().optional(),
});
export type ItemFigure = z.infer<typeof ItemFigureSchema>;

export const ItemFiguresSchema = z.object({
  github_stars: ItemFigureSchema.optional(),
  citations: ItemFigureSchema.optional(),
});
export type ItemFigures = z.infer<typeof ItemFiguresSchema>;
export type ItemFigureKind = keyof ItemFigures;
