import { ADMIN, EVERYONE, NOBODY, STAFF, draftItem, insertAsOwner, typeTable, type TableCase } from './matrix.ts';

/** The catalog: items, their type rows and links, and the browse index. */
export const CATALOG_CASES: readonly TableCase[] = [
  {
    table: 'organizations',
    key: 'id',
    target: (context) => insertAsOwner(context, 'organizations', { name: `RLS Org ${context.unique()}` }),
    insertRow: async (context) => ({ name: `RLS Org ${context.unique()}` }),
    change: (context) => ['description', `changed ${context.unique()}`],
    allowed: { select: EVERYONE, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'people',
    key: 'id',
    target: (context) => insertAsOwner(context, 'people', { full_name: `RLS Person ${context.unique()}` }),
    insertRow: async (context) => ({ full_name: `RLS Person ${context.unique()}` }),
    change: (context) => ['full_name', `Changed ${context.unique()}`],
    allowed: { select: EVERYONE, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'scientific_domains',
    key: 'id',
    target: (context) => {
      const suffix = context.unique();
      return insertAsOwner(context, 'scientific_domains', { slug: `rls_${suffix}`, name: `RLS ${suffix}` });
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
      const personId = await insertAsOwner(context, 'people', { full_name: `RLS Author ${context.unique()}` });
      return insertAsOwner(context, 'content_people', { content_id: itemId, person_id: personId }, 'content_id');
    },
    insertRow: async (context) => ({
      content_id: await draftItem(context, 'paper'),
      person_id: await insertAsOwner(context, 'people', { full_name: `RLS Author ${context.unique()}` }),
    }),
    change: () => ['order_index', 7],
    allowed: { select: STAFF, insert: STAFF, update: STAFF, delete: STAFF },
  },
  {
    table: 'content_domains',
    key: 'content_id',
    target: async (context) => {
      const itemId = await draftItem(context);
      return insertAsOwner(
        context,
        'content_domains',
        { content_id: itemId, domain_id: context.domainId },
        'content_id',
      );
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
];
