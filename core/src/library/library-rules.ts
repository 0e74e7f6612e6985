import type { ContentType } from '../content.ts';
import { matchesSearch, type FilterableItem } from '../filters/item-rules.ts';
import { msg } from '../i18n/translate.ts';

/** The library's tabs (docs/product.md#library-page), Agents included. */
export const LIBRARY_TABS = ['all', 'recent', 'software', 'papers', 'companies', 'agents'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** Messages, shown with `t(label)`. */
export const LIBRARY_TAB_LABELS: Record<LibraryTab, string> = {
  all: msg('All'),
  recent: msg('Recent'),
  software: msg('Software'),
  papers: msg('Papers'),
  companies: msg('Companies'),
  agents: msg('Agents'),
};

const TAB_TYPES: Partial<Record<LibraryTab, ContentType>> = {
  software: 'software',
  papers: 'paper',
  companies: 'company',
  agents: 'agent',
};

/** docs/product.md#library-recent: 'Recent' in the library means saved within the last 7 days. */
export const RECENT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SavedEntry extends FilterableItem {
  saved_at: string;
}

export function isLibraryTab(value: string): value is LibraryTab {
  return (LIBRARY_TABS as readonly string[]).includes(value);
}

/** Saved within the last 7 days before `now` (a save stamped in the future counts as recent). */
export function isRecentlySaved(item: Pick<SavedEntry, 'saved_at'>, now: Date): boolean {
  return now.getTime() - new Date(item.saved_at).getTime() <= RECENT_DAYS * DAY_MS;
}

export interface LibraryStats {
  total: number;
  software: number;
  papers: number;
  addedThisWeek: number;
}

/** The library's stats (docs/product.md#library-page): total saved, software tools, research papers, added this week. */
export function libraryStats(items: ReadonlyArray<SavedEntry>, now: Date): LibraryStats {
  return {
    total: items.length,
    software: items.filter((item) => item.content_type === 'software').length,
    papers: items.filter((item) => item.content_type === 'paper').length,
    addedThisWeek: items.filter((item) => isRecentlySaved(item, now)).length,
  };
}

/** Newest saved first; equal times by title, then slug, so the order is stable. */
export function compareSaved(a: SavedEntry, b: SavedEntry): number {
  const byTime = new Date(b.saved_at).getTime() - new Date(a.saved_at).getTime();
  if (byTime !== 0) return byTime;
  return a.title.localeCompare(b.title, 'en') || a.slug.localeCompare(b.slug, 'en');
}

/** The items a tab shows for a search (the text match of docs/product.md#browse-search), newest saved first. */
export function filterLibrary<T extends SavedEntry>(
  items: ReadonlyArray<T>,
  view: { tab: LibraryTab; search: string },
  now: Date,
): T[] {
  const type = TAB_TYPES[view.tab];
  return items
    .filter((item) => matchesSearch(item, view.search))
    .filter((item) => (type ? item.content_type === type : view.tab !== 'recent' || isRecentlySaved(item, now)))
    .sort(compareSaved);
}

export interface DomainGroup<T> {
  /** The primary domain's slug; null for items without a domain. */
  domain: string | null;
  items: T[];
}

/**
 * The All tab: items grouped by their primary domain (each item once), groups in the order of
 * their most recently saved item, items newest saved first; items without a domain come last.
 */
export function groupByDomain<T extends SavedEntry>(items: ReadonlyArray<T>): Array<DomainGroup<T>> {
  const groups = new Map<string | null, T[]>();
  for (const item of [...items].sort(compareSaved)) {
    const domain = item.domains[0] ?? null;
    const group = groups.get(domain);
    if (group) group.push(item);
    else groups.set(domain, [item]);
  }
  const entries = [...groups.entries()].map(([domain, grouped]) => ({ domain, items: grouped }));
  return [...entries.filter((group) => group.domain !== null), ...entries.filter((group) => group.domain === null)];
}
