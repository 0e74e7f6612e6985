import type { Database } from './engine.ts';

/**
 * Privileges on functions and sequences, which migra does not compare (it compares tables'
 * only): who may execute a function is most of this project's security, so a revoke or grant
 * made in supabase/schemas must reach a migration too.
 */
interface Grant {
  /** `function "public"."save_item"(item_id uuid)` or `sequence "public"."import_rows_chunk_seq"` */
  object: string;
  grantee: string;
  privilege: string;
}

const GRANTS_QUERY = `
  with objects as (
    select format('function %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object,
           p.proname::text as name, p.proowner as owner, coalesce(p.proacl, acldefault('f', p.proowner)) as acl
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select format('sequence %I.%I', n.nspname, c.relname), c.relname::text, c.relowner, coalesce(c.relacl, acldefault('s', c.relowner))
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S'
  )
  select o.object, o.name, g.grantee, g.privilege
  from objects o
  left join lateral (
    select case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
           lower(a.privilege_type) as privilege
    from aclexplode(o.acl) a
    where a.grantee <> o.owner
  ) g on true`;

async function readGrants(db: Database): Promise<{ objects: Map<string, string>; grants: Grant[] }> {
  const { rows } = await db.pool.query<{
    object: string;
    name: string;
    grantee: string | null;
    privilege: string | null;
  }>(GRANTS_QUERY);
  const grants: Grant[] = [];
  for (const { object, grantee, privilege } of rows) {
    if (grantee && privilege) grants.push({ object, grantee, privilege });
  }
  return { objects: new Map(rows.map((row) => [row.object, row.name])), grants };
}

/**
 * The revoke and grant statements that give the functions and sequences of `to` the privileges
 * they have there. `recreated` names functions the schema diff drops and creates again: those
 * start over from PostgreSQL's default (execute for everyone).
 */
export async function diffPrivileges(from: Database, to: Database, recreated: ReadonlySet<string>): Promise<string> {
  const [before, after] = await Promise.all([readGrants(from), readGrants(to)]);
  const key = (grant: Grant) => `${grant.object}\u0000${grant.grantee}\u0000${grant.privilege}`;
  const defaults = (object: string): Grant[] =>
    object.startsWith('function ') ? [{ object, grantee: 'public', privilege: 'execute' }] : [];
  const statements: string[] = [];
  for (const [object, name] of after.objects) {
    const starting =
      before.objects.has(object) && !recreated.has(name)
        ? before.grants.filter((grant) => grant.object === object)
        : defaults(object);
    const wanted = after.grants.filter((grant) => grant.object === object);
    const had = new Set(starting.map(key));
    const has = new Set(wanted.map(key));
    for (const grant of starting.filter((grant) => !has.has(key(grant)))) {
      statements.push(`revoke ${grant.privilege} on ${grant.object} from ${grant.grantee};`);
    }
    for (const grant of wanted.filter((grant) => !had.has(key(grant)))) {
      statements.push(`grant ${grant.privilege} on ${grant.object} to ${grant.grantee};`);
    }
  }
  return statements.join('\n');
}
