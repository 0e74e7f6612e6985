import { itemPath, SITE_NAME } from '@sciai/core';
import { escapeXml } from './escape.ts';
import type { FeedEntry } from './page-data.ts';

/** Entries per feed. */
export const FEED_SIZE = 50;

/** An Atom 1.0 feed (RFC 4287) of catalog items, newest first. */
export function atomFeed(options: {
  origin: string;
  selfPath: string;
  title: string;
  entries: FeedEntry[];
  /** The page the feed follows (default: the home page). */
  alternatePath?: string;
}): string {
  const { origin, entries } = options;
  const x = escapeXml;
  const updated = entries.reduce((latest, entry) => Math.max(latest, entry.updated_at.getTime()), 0);
  const items = entries.map((entry) => {
    const url = `${origin}${itemPath(entry.content_type, entry.slug)}`;
    return [
      '<entry>',
      `<title>${x(entry.title)}</title>`,
      `<id>${x(url)}</id>`,
      `<link rel="alternate" type="text/html" href="${x(url)}"/>`,
      `<published>${entry.published_at.toISOString()}</published>`,
      `<updated>${entry.updated_at.toISOString()}</updated>`,
      entry.organization_name ? `<author><name>${x(entry.organization_name)}</name></author>` : '',
      ...entry.domains.map((name) => `<category term="${x(name)}"/>`),
      `<category term="${x(entry.content_type)}" label="content type"/>`,
      `<summary type="text">${x(entry.summary)}</summary>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${x(options.title)}</title>`,
    `<id>${x(`${origin}${options.selfPath}`)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${x(`${origin}${options.selfPath}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${x(`${origin}${options.alternatePath ?? '/'}`)}"/>`,
    `<updated>${new Date(updated || Date.now()).toISOString()}</updated>`,
    `<author><name>${SITE_NAME}</name></author>`,
    `<generator>${SITE_NAME}</generator>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
