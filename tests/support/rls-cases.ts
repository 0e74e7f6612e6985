import type { SupabaseClient } from '@supabase/supabase-js';

/** Who calls the Data API: a visitor, the owner of the row, another user, staff. */
export const ACTORS = ['anon', 'owner', 'other', 'moderator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export const OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface MatrixContext {
  service: SupabaseClient;
  /** The database owner's connection: sees and writes every row, whatever RLS and grants say. */
  ownerSql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  userIds: Record<Actor, string | null>;
  /** A domain of the taxonomy, for links. */
  domainId: string;
  unique(): string;
}

export interface TableCase {
  table: string;
  /** The column that identifies the target row (for link tables, the content item). */
  key: string;
  /** Creates a fresh target row belonging to the owner (or to nobody) and returns its key. */
  target(context: MatrixContext): Promise<string>;
  /** A row the actor tries to insert: for owned tables, one claiming to be the owner's. */
  insertRow(context: MatrixContext, actor: Actor): Promise<Record<string, unknown>>;
  /** The column and value an update tries to set. */
  change(context: MatrixContext): [string, unknown];
  allowed: Record<Operation, readonly Actor[]>;
}

const EVERYONE = ACTORS;
const STAFF = ['moderator', 'admin'] as const;
const ADMIN = ['admin'] as const;
const NOBODY = [] as const;

async function insertAsService(context: MatrixContext, table: string, row: Record<string, unknown>, key = 'id'): Promise<string> {
  const { data, error } = await context.service.from(table).insert(row).select(key).single<Record<string, unknown>>();
  if (error) throw new Error(`setting up ${table}: ${error.message}`);
  return String(data[key]);
}

function owner(context: MatrixContext): string {
  const id = context.userIds.owner;
  if (!id) throw new Error('the owner has no id');
  return id;
}

function admin(context: MatrixContext): string {
  const id = context.userIds.admin;
  if (!id) throw new Error('the admin has no id');
  return id;
}

/** An unpublished item: only staff may see it, or anything hanging off it. */
/** A staged import row as stage_import_rows writes it (the fields without defaults). */
function stagedItem(batchId: string): Record<string, unknown> {
  return { batch_id: batchId, id: crypto.randomUUID(), row_number: 2, title: 'Staged', base_slug: 'staged', search_vector: '' };
}

async function draftItem(context: MatrixContext, type = 'software'): Promise<string> {
  const suffix = context.unique();
  return insertAsService(context, 'content_items', { slug: `rls-draft-${suffix}`, title: `RLS draft ${suffix}`, content_type: type });
}

async function publishedItem(context: MatrixContext): Promise<string> {
  const suffix = context.unique();
  return insertAsService(context, 'content_items', {
    slug: `rls-published-${suffix}`,
    title: `RLS published ${suffix}`,
    content_type: 'software',
    status: 'published',
    published_at: new Date().toISOString(),
  });
}

/** A per-type table: the target is the type row of a draft item; an insert adds one to a bare item. */
function typeTable(table: string, type: string, change: [string, unknown]): TableCase {
  return {
    table,
    key: 'content_id',
    target: async (context) => {
      const itemId = await draftItem(context, type);
      return insertAsService(context, table, { content_id: itemId }, 'content_id');
    },
    insertRow: async (context) => ({ content_id: await draftItem(context, type) }),
    change: () => change,
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  };
}

/** Tables only the database itself writes and reads (indexes, caches, counters). */
function internalTable(table: string, key: string, target: TableCase['target'], change: [string, unknown]): TableCase {
  return {
    table,
    key,
    target,
    insertRow: async (context) => ({ [key]: await target(context) }),
    change: () => change,
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  };
}

export const TABLE_CASES: readonly TableCase[] = [
  {
    table: 'organizations',
    key: 'id',
    target: (context) => insertAsService(context, 'organizations', { name: `RLS Org ${context.unique()}` }),
    insertRow: async (context) => ({ name: `RLS Org ${context.unique()}` }),
    change: (context) => ['description', `changed ${context.unique()}`],
    allowed: { select: EVERYONE, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'people',
    key: 'id',
    target: (context) => insertAsService(context, 'people', { full_name: `RLS Person ${context.unique()}` }),
    insertRow: async (context) => ({ full_name: `RLS Person ${context.unique()}` }),
    change: (context) => ['full_name', `Changed ${context.unique()}`],
    allowed: { select: EVERYONE, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'scientific_domains',
    key: 'id',
    target: (context) => {
      const suffix = context.unique();
      return insertAsService(context, 'scientific_domains', { slug: `rls_${suffix}`, name: `RLS ${suffix}` });
    },
    insertRow: async (context) => {
      const suffix = context.unique();
      return { slug: `rls_${suffix}`, name: `RLS ${suffix}` };
    },
    change: (context) => ['description', `changed ${context.unique()}`],
    allowed: { select: EVERYONE, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    table: 'content_items',
    key: 'id',
    target: draftItem,
    insertRow: async (context) => {
      const suffix = context.unique();
      return { slug: `rls-new-${suffix}`, title: `RLS new ${suffix}`, content_type: 'paper' };
    },
    change: (context) => ['title', `Changed ${context.unique()}`],
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  },
  typeTable('software', 'software', ['license', 'MIT']),
  typeTable('papers', 'paper', ['journal_name', 'Nature']),
  typeTable('companies', 'company', ['headquarters', 'Basel']),
  typeTable('agents', 'agent', ['model_type', 'LLM']),
  {
    table: 'content_people',
    key: 'content_id',
    target: async (context) => {
      const itemId = await draftItem(context, 'paper');
      const personId = await insertAsService(context, 'people', { full_name: `RLS Author ${context.unique()}` });
      return insertAsService(context, 'content_people', { content_id: itemId, person_id: personId }, 'content_id');
    },
    insertRow: async (context) => ({
      content_id: await draftItem(context, 'paper'),
      person_id: await insertAsService(context, 'people', { full_name: `RLS Author ${context.unique()}` }),
    }),
    change: () => ['order_index', 7],
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'content_domains',
    key: 'content_id',
    target: async (context) => {
      const itemId = await draftItem(context);
      return insertAsService(context, 'content_domains', { content_id: itemId, domain_id: context.domainId }, 'content_id');
    },
    insertRow: async (context) => ({ content_id: await draftItem(context), domain_id: context.domainId }),
    change: () => ['is_primary', true],
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    // The browse index mirrors content_items: published rows are public, the rest staff-only.
    table: 'content_search',
    key: 'content_id',
    target: draftItem,
    insertRow: async (context) => ({ content_id: await draftItem(context) }),
    change: () => ['save_count', 99],
    allowed: { select: STAFF, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'user_profiles',
    key: 'id',
    target: async (context) => {
      const { error } = await context.service.from('user_profiles').upsert({ id: owner(context) }, { ignoreDuplicates: true });
      if (error) throw new Error(error.message);
      return owner(context);
    },
    // The profile is made by a trigger at sign-up; an insert is tried after removing it.
    insertRow: async (context) => {
      const { error } = await context.service.from('user_profiles').delete().eq('id', owner(context));
      if (error) throw new Error(error.message);
      return { id: owner(context) };
    },
    change: (context) => ['bio', `changed ${context.unique()}`],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: ['owner'], update: ['owner', 'admin'], delete: NOBODY },
  },
  {
    table: 'user_roles',
    key: 'id',
    // The owner keeps only the default role between cells, so no cell makes them staff.
    target: async (context) => {
      await withoutExtraRoles(context);
      return insertAsService(context, 'user_roles', { user_id: owner(context), role: 'verified_researcher' });
    },
    insertRow: async (context) => {
      await withoutExtraRoles(context);
      return { user_id: owner(context), role: 'moderator' };
    },
    change: () => ['role', 'moderator'],
    allowed: { select: ['owner', 'admin'], insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    table: 'user_activity',
    key: 'id',
    target: (context) => insertAsService(context, 'user_activity', { user_id: owner(context), activity_type: 'rls_probe' }),
    insertRow: async (context) => ({ user_id: owner(context), activity_type: 'rls_probe' }),
    change: () => ['activity_type', 'rls_changed'],
    allowed: { select: ['owner', 'admin'], insert: ['owner'], update: NOBODY, delete: NOBODY },
  },
  {
    table: 'waitlist_signups',
    key: 'id',
    target: (context) => insertAsService(context, 'waitlist_signups', { email: `rls-${context.unique()}@example.org` }),
    insertRow: async (context) => ({ email: `rls-${context.unique()}@example.org` }),
    change: () => ['referral_source', 'changed'],
    allowed: { select: ADMIN, insert: EVERYONE, update: NOBODY, delete: ADMIN },
  },
  {
    table: 'user_saved_items',
    key: 'id',
    target: async (context) =>
      insertAsService(context, 'user_saved_items', { user_id: owner(context), content_id: await publishedItem(context) }),
    insertRow: async (context) => ({ user_id: owner(context), content_id: await publishedItem(context) }),
    change: () => ['saved_at', '2020-01-01T00:00:00+00:00'],
    allowed: { select: ['owner'], insert: ['owner'], update: ['owner'], delete: ['owner'] },
  },
  {
    table: 'content_submissions',
    key: 'id',
    target: (context) => insertAsService(context, 'content_submissions', submission(context)),
    insertRow: async (context) => submission(context),
    change: () => ['status', 'approved'],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: ['owner'], update: NOBODY, delete: NOBODY },
  },
  {
    table: 'site_settings',
    key: 'key',
    target: (context) => insertAsService(context, 'site_settings', { key: `rls_${context.unique()}`, value: true }, 'key'),
    insertRow: async (context) => ({ key: `rls_${context.unique()}`, value: true }),
    change: () => ['value', false],
    allowed: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    // Review e-mails waiting to be sent: only the server's outbox mailer works them, not even
    // their recipient. Due in a year, so the test backend's mailer leaves the row alone.
    table: 'notification_outbox',
    key: 'id',
    target: async (context) => insertAsService(context, 'notification_outbox', outboxRow(context)),
    insertRow: async (context) => outboxRow(context),
    change: () => ['last_error', 'changed'],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  internalTable('domain_item_counts', 'slug', async (context) => {
    const slug = `rls_${context.unique()}`;
    return insertAsService(context, 'domain_item_counts', { slug, count: 1 }, 'slug');
  }, ['count', 5]),
  // A facet name search never reads, so the row cannot disturb concurrent searches.
  internalTable('facet_value_counts', 'value', async (context) => {
    const value = `rls_${context.unique()}`;
    return insertAsService(context, 'facet_value_counts', { facet: 'rls', value, count: 1 }, 'value');
  }, ['count', 5]),
  // One row only: the target is that row, and an insert is refused before its uniqueness matters.
  internalTable('catalog_state', 'singleton', async () => 'true', ['version', 4_242_424_242]),
  internalTable('search_cache', 'cache_key', async (context) => {
    const cacheKey = `rls-${context.unique()}`;
    return insertAsService(context, 'search_cache', { cache_key: cacheKey, catalog_version: 0, result: {} }, 'cache_key');
  }, ['result', { changed: true }]),
  internalTable('search_vocabulary', 'word', async (context) => {
    const word = `rlsword${context.unique()}`;
    return insertAsService(context, 'search_vocabulary', { word }, 'word');
  }, ['word', 'changed']),
  internalTable('item_views', 'visitor_hash', async (context) => {
    const visitorHash = `rls-visitor-${context.unique()}-${context.unique()}`;
    await insertAsService(context, 'item_views', { content_id: await publishedItem(context), visitor_hash: visitorHash, day: '2026-01-01' }, 'visitor_hash');
    return visitorHash;
  }, ['day', '2026-01-02']),
  internalTable('trending_baselines', 'content_id', async (context) => {
    const contentId = await publishedItem(context);
    await insertAsService(context, 'trending_baselines', { content_id: contentId, score: 1 }, 'content_id');
    return contentId;
  }, ['score', 2]),
  {
    // The security log: only the gateway writes it (owner connection); admins read it.
    table: 'security_events',
    key: 'id',
    target: (context) =>
      insertAsService(context, 'security_events', { event_type: 'rate_limit', severity: 'low', actor: 'system', path: `/rls/${context.unique()}` }),
    insertRow: async (context) => ({ event_type: 'suspicious_input', severity: 'low', actor: 'anonymous', path: `/rls/${context.unique()}` }),
    change: () => ['severity', 'critical'],
    allowed: { select: ADMIN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Anonymous search terms for the admin analytics: only record_search() writes them; admins read them.
    table: 'search_terms',
    key: 'term',
    target: (context) => insertAsService(context, 'search_terms', { day: '2026-01-01', term: `rls ${context.unique()}` }, 'term'),
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
    target: (context) => insertAsService(context, 'import_batches', { content_type: 'paper', created_by: admin(context) }),
    insertRow: async (context) => ({ content_type: 'paper', created_by: admin(context) }),
    change: () => ['file_name', 'changed.csv'],
    allowed: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    // Staged rows: written only by stage_import_rows (which computes their search vectors);
    // an admin reads and discards their own batches' rows.
    table: 'import_items',
    key: 'batch_id',
    target: async (context) => {
      const batchId = await insertAsService(context, 'import_batches', { content_type: 'paper', created_by: admin(context) });
      return insertAsService(context, 'import_items', stagedItem(batchId), 'batch_id');
    },
    insertRow: async (context) =>
      stagedItem(await insertAsService(context, 'import_batches', { content_type: 'paper', created_by: admin(context) })),
    change: () => ['title', 'changed'],
    allowed: { select: ADMIN, insert: NOBODY, update: NOBODY, delete: ADMIN },
  },
];

async function withoutExtraRoles(context: MatrixContext): Promise<void> {
  const { error } = await context.service.from('user_roles').delete().eq('user_id', owner(context)).neq('role', 'user');
  if (error) throw new Error(error.message);
}

/** A notification for the owner, not due for a year. */
function outboxRow(context: MatrixContext): Record<string, unknown> {
  return {
    recipient_id: owner(context),
    kind: 'submission_rejected',
    payload: { submission_id: context.unique(), title: 'RLS probe' },
    next_attempt_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  };
}

/** A valid pending submission by the owner. */
function submission(context: MatrixContext): Record<string, unknown> {
  const suffix = context.unique();
  return {
    submitter_id: owner(context),
    title: `RLS submission ${suffix}`,
    description: 'A tool submitted to test row-level security.',
    short_description: 'A tool for testing.',
    content_type: 'software',
    domains: [context.domainId],
    relationship_to_content: 'user',
  };
}
