import { itemPath, type ContentType } from '@sciai/core';

/** The History tab's addresses (docs/product.md#item-history): the list, a page of it, one version. */
export function historyHref(
  type: ContentType,
  slug: string,
  options: { version?: number; page?: number } = {},
): string {
  const params = new URLSearchParams({ tab: 'history' });
  if (options.version !== undefined) params.set('version', String(options.version));
  else if (options.page !== undefined && options.page > 1) params.set('page', String(options.page));
  return `${itemPath(type, slug)}?${params.toString()}`;
}

/** A positive whole number from the address, else undefined (the tab then shows the list). */
export function positiveParam(value: string | null, max = 1_000_000): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}
