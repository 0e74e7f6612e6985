import { z } from 'zod';

/** At least two items make a comparison; more than four no longer fit side by side. */
export const MIN_COMPARE_ITEMS = 2;
export const MAX_COMPARE_ITEMS = 4;

/** The browser storage key of the visitor's picks, shared by every tab of the site. */
export const COMPARE_STORAGE_KEY = 'sciai-compare';

/** The query parameter of the compare page: `/compare?items=slug1,slug2`. */
export const COMPARE_ITEMS_PARAM = 'items';

const SlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  // The comma separates slugs in the URL, so a slug can never hold one.
  .refine((slug) => !slug.includes(','), 'slug must not contain a comma');

/** One picked item: the slug identifies it, the title labels it in the tray without a fetch. */
export const CompareEntrySchema = z.object({
  slug: SlugSchema,
  title: z.string().trim().min(1).max(500),
});

export type CompareEntry = z.infer<typeof CompareEntrySchema>;

/**
 * The picks stored in the browser, read defensively: the value may be missing, from an older
 * version, or edited by hand. Bad entries are dropped, duplicates merged, at most four kept.
 */
export function parseStoredSelection(raw: string | null | undefined): CompareEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: CompareEntry[] = [];
  for (const candidate of value) {
    const parsed = CompareEntrySchema.safeParse(candidate);
    if (parsed.success && !entries.some((entry) => entry.slug === parsed.data.slug)) entries.push(parsed.data);
  }
  return entries.slice(0, MAX_COMPARE_ITEMS);
}

export type AddToSelectionOutcome = 'added' | 'already-added' | 'full';

/** Adds an item at the end unless it is there already or four are picked. */
export function addToSelection(
  selection: readonly CompareEntry[],
  entry: CompareEntry,
): { selection: CompareEntry[]; outcome: AddToSelectionOutcome } {
  if (selection.some((item) => item.slug === entry.slug)) return { selection: [...selection], outcome: 'already-added' };
  if (selection.length >= MAX_COMPARE_ITEMS) return { selection: [...selection], outcome: 'full' };
  return { selection: [...selection, entry], outcome: 'added' };
}

export function removeFromSelection(selection: readonly CompareEntry[], slug: string): CompareEntry[] {
  return selection.filter((item) => item.slug !== slug);
}

/**
 * The slugs of `?items=`: split on commas, trimmed, blanks and repeats dropped, at most four
 * (the first four, in the order given).
 */
export function parseCompareItems(param: string | null | undefined): string[] {
  if (!param) return [];
  const slugs: string[] = [];
  for (const part of param.split(',')) {
    const parsed = SlugSchema.safeParse(part);
    if (parsed.success && !slugs.includes(parsed.data)) slugs.push(parsed.data);
  }
  return slugs.slice(0, MAX_COMPARE_ITEMS);
}

/** The shareable address of a comparison; commas stay literal so the link reads as a list. */
export function compareHref(slugs: readonly string[]): string {
  if (slugs.length === 0) return '/compare';
  return `/compare?${COMPARE_ITEMS_PARAM}=${slugs.map((slug) => encodeURIComponent(slug)).join(',')}`;
}
