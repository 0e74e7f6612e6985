import { ADMIN, NOBODY, admin, insertAsOwner, internalTable, publishedItem, type TableCase } from './matrix.ts';

/** What only the database, the gateway or the import functions write: counters, caches, logs, staging. */
export const INTERNAL_CASES: readonly TableCase[] = [
  internalTable(
    'domain_item_counts',
    'slug',
    async (context) => {
      const slug = `rls_${context.unique()}`;
      return insertAsOwner(context, 'domain_item_counts', { slug, count: 1 }, 'slug');
    },
    ['count', 5],
  ),
  // A facet name search never reads, so the row cannot disturb concurrent searches.
  internalTable(
    'facet_value_counts',
    'value',
    async (context) => {
      const value = `rls_${context.unique()}`;
      return insertAsOwner(context, 'facet_value_counts', { facet: 'rls', value, count: 1 }, 'value');
    },
    ['count', 5],
  ),
  // One row only: the target is that row, and an insert is refused before its uniqueness matters.
  internalTable('catalog_state', 'singleton', async () => 'true', ['version', 4_242_424_242]),
  internalTable(
    'search_cache',
    'cache_key',
    async (context) => {
      const cacheKey = `rls-${context.unique()}`;
      return insertAsOwner(
        context,
        'search_cache',
        { cache_key: cacheKey, catalog_version: 0, result: {} },
        'cache_key',
      );
    },
    ['result', { changed: true }],
  ),
  internalTable(
    'search_vocabulary',
    'word',
    async (context) => {
      const word = `rlsword${context.unique()}`;
      return insertAsOwner(context, 'search_vocabulary', { word }, 'word');
    },
    ['word', 'changed'],
  ),
  // Reference data the search reads as definer: the abbreviations and their long forms.
  internalTable(
    'search_synonyms',
    'short_form',
    async (context) => {
      const shortForm = `RLS${context.unique()}`;
      return insertAsOwner(
        context,
        'search_synonyms',
        { short_form: shortForm, long_form: `row level ${shortForm}` },
        'short_form',
      );
    },
    ['long_form', 'changed long form'],
  ),
  internalTable(
    'item_views',
    'visitor_hash',
    async (context) => {
      const visitorHash = `rls-visitor-${context.unique()}-${context.unique()}`;
      await insertAsOwner(
        context,
        'item_views',
        { content_id: await publishedItem(context), visitor_hash: visitorHash, day: '2026-01-01' },
        'visitor_hash',
      );
      return visitorHash;
    },
    ['day', '2026-01-02'],
  ),
  internalTable(
    'trending_baselines',
    'content_id',
    async (context) => {
      const contentId = await publishedItem(context);
      await insertAsOwner(context, 'trending_baselines', { content_id: contentId, score: 1 }, 'content_id');
      return contentId;
    },
    ['score', 2],
  ),
  // Search cards kept ready (docs/decisions/0063-search-cards-kept-ready.md): a new item has its
  // card at once; only refresh_content_search writes it, and item_cards reads it as definer.
  internalTable('item_card_ready', 'content_id', (context) => publishedItem(context), ['published', false]),
  {
    // The security log: only the gateway writes it (owner connection); admins read it.
    table: 'security_events',
    key: 'id',
    target: (context) =>
      insertAsOwner(context, 'security_events', {
        event_type: 'rate_limit',
        severity: 'low',
        actor: 'system',
        path: `/rls/${context.unique()}`,
      }),
    insertRow: async (context) => ({
      event_type: 'suspicious_input',
      severity: 'low',
      actor: 'anonymous',
      path: `/rls/${context.unique()}`,
    }),
    change: () => ['severity', 'critical'],
    allowed: { select: ADMIN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Anonymous search terms for the admin analytics: only record_search() writes them; admins read them.
    table: 'search_terms',
    key: 'term',
    target: (context) =>
      insertAsOwner(context, 'search_terms', { day: '2026-01-01', term: `rls ${context.unique()}` }, 'term'),
    insertRow: async (context) => ({ day: '2026-01-01', term: `rls ${context.unique()}` }),
    change: () => ['searches', 99],
    allowed: { select: ADMIN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Bulk-import tokens live only inside commit_import's transaction; not even the service role
    // may touch them.
    table: 'import_bulk_tokens',
    key: 'token',
    target: async (context) => {
      const token = `rls-token-${context.unique()}`;
      await context.ownerSql('insert into public.import_bulk_tokens (token) values ($1)', [token]);
      return token;
    },
    insertRow: async (context) => ({ token: `rls-token-${context.unique()}` }),
    change: () => ['token', 'rls-token-changed'],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Staged CSV imports: an admin's own batches, nobody else's (the CLI stages as the service role).
    table: 'import_batches',
    key: 'id',
    target: (context) =>
      insertAsOwner(context, 'import_batches', { content_type: 'paper', created_by: admin(context) }),
    insertRow: async (context) => ({ content_type: 'paper', created_by: admin(context) }),
    change: () => ['file_name', 'changed.csv'],
    allowed: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    table: 'import_rows',
    key: 'batch_id',
    target: async (context) => {
      const batchId = await insertAsOwner(context, 'import_batches', {
        content_type: 'paper',
        created_by: admin(context),
      });
      return insertAsOwner(context, 'import_rows', { batch_id: batchId, chunk_number: 1, data: [] }, 'batch_id');
    },
    insertRow: async (context) => ({
      batch_id: await insertAsOwner(context, 'import_batches', { content_type: 'paper', created_by: admin(context) }),
      chunk_number: 1,
      data: [],
    }),
    change: () => ['data', [{ title: 'changed' }]],
    allowed: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
];
