import type { Database } from './engine.ts';

/**
 * Privileges migra does not carry: on functions and sequences and views (it compares tables'
 * only), and what a new table has before its grants (it writes a new table's grants, never its
 * revokes). Who may reach what is most of this project's security, so a revoke or grant made in
 * supabase/schemas must reach a migration too. The default privileges every new object starts
 * from are default-privilege-diff.ts's.
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
 * The privileges PostgreSQL gives a function, sequence, table or view the migrating role creates:
 * its built-in default (execute for everyone on functions) unless the role has a global default,
 * plus the role's defaults for the public schema (supabase/schemas/00_default_privileges.sql).
 */
const NEW_OBJECT_GRANTS_QUERY = `
  with kinds (kind, objtype, builtin) as (
    values ('function', 'f'::"char", acldefault('f', current_user::text::regrole)),
           ('sequence', 'S'::"char", acldefault('s', current_user::text::regrole)),
           ('table', 'r'::"char", acldefault('r', current_user::text::regrole))
  ), acls as (
    select k.kind,
           coalesce((select d.defaclacl from pg_default_acl d
                     where d.defaclrole = current_user::text::regrole and d.defaclnamespace = 0
                       and d.defaclobjtype = k.objtype), k.builtin)
           || coalesce((select d.defaclacl from pg_default_acl d
                        where d.defaclrole = current_user::text::regrole
                          and d.defaclnamespace = 'public'::regnamespace and d.defaclobjtype = k.objtype), '{}') as acl
    from kinds k
  )
  select distinct acls.kind,
         case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
         lower(a.privilege_type) as privilege
  from acls, aclexplode(acls.acl) a
  where a.grantee <> current_user::text::regrole`;

async function readNewObjectGrants(db: Database): Promise<Map<string, Omit<Grant, 'object'>[]>> {
  const { rows } = await db.pool.query<{ kind: string; grantee: string; privilege: string }>(NEW_OBJECT_GRANTS_QUERY);
  const byKind = new Map<string, Omit<Grant, 'object'>[]>();
  for (const { kind, grantee, privilege } of rows)
    byKind.set(kind, [...(byKind.get(kind) ?? []), { grantee, privilege }]);
  return byKind;
}

/**
 * The revoke and grant statements that give the functions, sequences and views of `to` the
 * privileges they have there, and the revokes a new table needs (migra writes its grants). New
 * objects, and functions and views the schema diff drops and creates again, start from
 * what PostgreSQL gives a new object: the defaults of `to`, which diffDefaultPrivileges's
 * statements, at the head of the migration, have set by then.
 */
export async function diffPrivileges(
  from: Database,
  to: Database,
  recreated: ReadonlySet<string>,
  recreatedViews: ReadonlySet<string> = new Set(),
): Promise<string> {
  const [before, after, newObjectGrants, relationsBefore, relationsAfter] = await Promise.all([
    readGrants(from),
    readGrants(to),
    readNewObjectGrants(to),
    readRelationGrants(from),
    readRelationGrants(to),
  ]);
  const key = (grant: Grant) => `${grant.object}\u0000${grant.grantee}\u0000${grant.privilege}`;
  const defaults = (object: string): Grant[] =>
    (newObjectGrants.get(object.split(' ')[0]!) ?? []).map((grant) => ({ object, ...grant }));
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
  statements.push(
    ...diffRelationPrivileges(relationsBefore, relationsAfter, newObjectGrants.get('table') ?? [], recreatedViews),
  );
  return statements.join('\n');
}

/**
 * The statements for tables and views: a new table's revokes against the defaults (migra writes
 * its grants and compares the tables both databases have), and every view's revokes and grants
 * (migra compares none: information_schema lists them, its query drops them).
 */
function diffRelationPrivileges(
  relationsBefore: ReadonlyMap<string, RelationGrants>,
  relationsAfter: ReadonlyMap<string, RelationGrants>,
  tableDefaults: Omit<Grant, 'object'>[],
  recreatedViews: ReadonlySet<string>,
): string[] {
  const statements: string[] = [];
  for (const [relation, { name, view, grants }] of relationsAfter) {
    const existing = relationsBefore.get(relation);
    if (existing && !view) continue;
    const starting = existing && !recreatedViews.has(name) ? existing.grants : tableDefaults;
    const wanted = grants;
    const keyOf = (grant: Omit<Grant, 'object'>) => `${grant.grantee}\u0000${grant.privilege}`;
    const had = new Set(starting.map(keyOf));
    const has = new Set(wanted.map(keyOf));
    const revokedAll = new Set<string>();
    for (const grant of starting.filter((grant) => !has.has(keyOf(grant)))) {
      // `all` when nothing is left: the same statement on every PostgreSQL version (17 added maintain)
      if (!wanted.some(({ grantee }) => grantee === grant.grantee)) {
        if (!revokedAll.has(grant.grantee)) statements.push(`revoke all on table ${relation} from ${grant.grantee};`);
        revokedAll.add(grant.grantee);
      } else {
        statements.push(`revoke ${grant.privilege} on table ${relation} from ${grant.grantee};`);
      }
    }
    if (!view) continue;
    for (const grant of wanted.filter((grant) => !had.has(keyOf(grant)))) {
      statements.push(`grant ${grant.privilege} on table ${relation} to ${grant.grantee};`);
    }
  }
  return statements;
}

/** Each table's, view's and materialized view's privileges in `public`, by `public.name`. */
const RELATION_GRANTS_QUERY = `
  select format('%I.%I', n.nspname, c.relname) as relation, c.relname::text as name, c.relkind in ('v', 'm') as view,
         case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
         lower(a.privilege_type) as privilege
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a on a.grantee <> c.relowner
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

interface RelationGrants {
  name: string;
  view: boolean;
  grants: Omit<Grant, 'object'>[];
}

async function readRelationGrants(db: Database): Promise<Map<string, RelationGrants>> {
  const { rows } = await db.pool.query<{
    relation: string;
    name: string;
    view: boolean;
    grantee: string | null;
    privilege: string | null;
  }>(RELATION_GRANTS_QUERY);
  const byRelation = new Map<string, RelationGrants>();
  for (const { relation, name, view, grantee, privilege } of rows) {
    const entry = byRelation.get(relation) ?? { name, view, grants: [] };
    if (grantee && privilege) entry.grants.push({ grantee, privilege });
    byRelation.set(relation, entry);
  }
  return byRelation;
}
