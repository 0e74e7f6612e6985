import {
  EVERYONE,
  NOBODY,
  STAFF,
  insertAsOwner,
  internalTable,
  publishedItem,
  type MatrixContext,
  type TableCase,
} from './matrix.ts';

/** A row about a fresh published item, keyed by that item: one row per target. */
async function aboutPublishedItem(
  context: MatrixContext,
  table: string,
  row: Record<string, unknown>,
): Promise<string> {
  return insertAsOwner(context, table, { content_id: await publishedItem(context), ...row }, 'content_id');
}

const now = () => new Date().toISOString();

/**
 * What harvest and enrich write about items from outside sources: only their functions write
 * (as the service role or security definer); the facts of published items are public, the runs
 * and the enrich job's bookkeeping are for staff or nobody.
 */
export const OUTSIDE_SOURCES_CASES: readonly TableCase[] = [
  {
    // Identifiers of published items, read by signed-in users and staff; visitors have no grant.
    table: 'external_ids',
    key: 'content_id',
    target: (context) =>
      aboutPublishedItem(context, 'external_ids', { scheme: 'url', value: `https://rls.example/${context.unique()}` }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      scheme: 'url',
      value: `https://rls.example/${context.unique()}`,
    }),
    change: () => ['value', 'https://rls.example/changed'],
    allowed: { select: ['owner', 'other', 'moderator', 'admin'], insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Links between published items (a tool's publications): public, written by harvest only.
    table: 'item_relations',
    key: 'content_id',
    target: async (context) =>
      aboutPublishedItem(context, 'item_relations', {
        related_id: await publishedItem(context),
        relation: 'publication',
        source: 'biotools',
      }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      related_id: await publishedItem(context),
      relation: 'publication',
      source: 'biotools',
    }),
    change: () => ['source', 'github'],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'harvest_runs',
    key: 'id',
    target: (context) => insertAsOwner(context, 'harvest_runs', { source: 'openalex' }),
    insertRow: async () => ({ source: 'openalex' }),
    change: () => ['status', 'completed'],
    allowed: { select: STAFF, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'item_signals',
    key: 'content_id',
    target: (context) =>
      aboutPublishedItem(context, 'item_signals', {
        signal: 'github_stars',
        source: 'github',
        value_num: 1,
        as_of: now(),
      }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      signal: 'github_stars',
      source: 'github',
      value_num: 1,
      as_of: now(),
    }),
    change: () => ['value_num', 2],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'item_signal_history',
    key: 'content_id',
    target: (context) =>
      aboutPublishedItem(context, 'item_signal_history', {
        signal: 'github_stars',
        day: '2026-01-01',
        value_num: 1,
        source: 'github',
      }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      signal: 'github_stars',
      day: '2026-01-01',
      value_num: 1,
      source: 'github',
    }),
    change: () => ['value_num', 2],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'link_checks',
    key: 'content_id',
    target: (context) =>
      aboutPublishedItem(context, 'link_checks', {
        link: 'homepage',
        url: 'https://rls.example/',
        ok: true,
        health: 'ok',
        checked_at: now(),
      }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      link: 'homepage',
      url: 'https://rls.example/',
      ok: false,
      health: 'dead',
      checked_at: now(),
    }),
    change: () => ['health', 'dead'],
    allowed: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'item_enrich_state',
    key: 'content_id',
    target: (context) =>
      aboutPublishedItem(context, 'item_enrich_state', { source: 'github', checked_at: now(), ok: true }),
    insertRow: async (context) => ({
      content_id: await publishedItem(context),
      source: 'github',
      checked_at: now(),
      ok: true,
    }),
    change: () => ['ok', false],
    allowed: { select: STAFF, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'enrich_runs',
    key: 'id',
    target: (context) => insertAsOwner(context, 'enrich_runs', { sources: ['github'] }),
    insertRow: async () => ({ sources: ['github'] }),
    change: () => ['status', 'completed'],
    allowed: { select: STAFF, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  // A re-check is asked through request_enrich_recheck(), never written directly.
  internalTable('enrich_requests', 'content_id', (context) => aboutPublishedItem(context, 'enrich_requests', {}), [
    'requested_at',
    '2020-01-01T00:00:00+00:00',
  ]),
  internalTable(
    'enrich_http_cache',
    'url',
    (context) =>
      insertAsOwner(
        context,
        'enrich_http_cache',
        { url: `https://api.rls.example/${context.unique()}`, etag: '"rls"', body: '{}' },
        'url',
      ),
    ['etag', '"changed"'],
  ),
];
