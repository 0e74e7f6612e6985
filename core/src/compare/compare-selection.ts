/** At least two items make a comparison; more than four no longer fit side by side. */
export const MIN_COMPARE_ITEMS = 2;
export const MAX_COMPARE_ITEMS = 4;

/** The browser storage key of the visitor's picks, shared by every tab of the site. */
export const COMPARE_STORAGE_KEY = 'sciai-compare';

/** The query parameter of the compare page: `/compare?items=slug1,slug2`. */
export const COMPARE_ITEMS_PARAM = 'items';

/** One picked item: the slug identifies it, the title labels it in the tray without a fetch. */
export interface CompareEntry {
  slug: string;
  title: string;
}

/*
 * Checked by hand rather than with zod: the compare tray is on every page, so this runs in the
 * web app's entry, and a zod schema there would put zod's parser into the first download of
 * every page (about 27 KB gzipped; see bench/README.md, "Bundle and Lighthouse").
 */

/** A trimmed string of min..max characters, or null. */
function trimmedText(value: unknown, min: number, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length >= min && text.length <= max ? text : null;
}

/** A slug: 1 to 200 characters once trimmed, and no comma (the comma separates slugs in the URL). */
function readSlug(value: unknown): string | null {
  const slug = trimmedText(value, 1, 200);
  return slug !== null && !slug.includes(',') ? slug : null;
}

/** A stored pick, or null when it is not one. */
export function readCompareEntry(value: unknown): CompareEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const slug = readSlug(record.slug);
  const title = trimmedText(record.title, 1, 500);
  return slug !== null && title !== null ? { slug, title } : null;
}

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
    const parsed = readCompareEntry(candidate);
    if (parsed && !entries.some((entry) => entry.slug === parsed.slug)) entries.push(parsed);
  }
  return entries.slice(0, MAX_COMPARE_ITEMS);
}

export type AddToSelectionOutcome = 'added' | 'already-added' | 'full';

/** Adds an item at the end unless it is there already or four are picked. */
export function addToSelection(
  selection: readonly CompareEntry[],
  entry: CompareEntry,
): { selection: CompareEntry[]; outcome: AddToSelectionOutcome } {
  if (selection.some((item) => item.slug === entry.slug))
    return { selection: [...selection], outcome: 'already-added' };
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
    const slug = readSlug(part);
    if (slug !== null && !slugs.includes(slug)) slugs.push(slug);
  }
  return slugs.slice(0, MAX_COMPARE_ITEMS);
}

/** The shareable address of a comparison; commas stay literal so the link reads as a list. */
export function compareHref(slugs: readonly string[]): string {
  if (slugs.length === 0) return '/compare';
  return `/compare?${COMPARE_ITEMS_PARAM}=${slugs.map((slug) => encodeURIComponent(slug)).join(',')}`;
}
