import type { Page } from 'playwright-core';
import { restAsVisitor } from './browser.ts';

/** Helpers shared by the browse e2e files (one file per feature). */

export interface SearchAnswer {
  total: number;
  facets: { content_types: Record<string, number>; domains: Record<string, number>; features: Record<string, number> };
  items: Array<{ slug: string; title: string }>;
  corrected_search?: string;
  suggestion?: string;
  partial_match?: boolean;
  partial_from?: number;
}

/** The database's own answer for a browse state, as a visitor's browser would get it. */
export async function searchAsVisitor(args: Record<string, unknown> = {}): Promise<SearchAnswer> {
  const response = await restAsVisitor('rpc/search_items', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`search_items: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchAnswer;
}

export const showing = (page: Page, shown: number, total: number) =>
  page.getByText(`Showing 1-${Math.min(shown, total)} of ${total}`, { exact: true }).waitFor();
export const query = (page: Page) => new URL(page.url()).searchParams;
export const filterPanel = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
