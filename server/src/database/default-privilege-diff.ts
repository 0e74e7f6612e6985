import type { Database } from './engine.ts';

/**
 * The migrating role's default privileges in `public`, by object kind as ALTER DEFAULT PRIVILEGES
 * names it, and grantee: `tables`, `anon` → [select, insert, …].
 */
const DEFAULT_PRIVILEGES_QUERY = `
  select case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
                              when 'T' then 'types' end as kind,
         case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
         lower(a.privilege_type) as privilege
  from pg_default_acl d, aclexplode(d.defaclacl) a
  where d.defaclrole = current_user::text::regrole and d.defaclnamespace = 'public'::regnamespace
  order by 1, 2, 3`;

async function readDefaultPrivileges(db: Database): Promise<Map<string, string[]>> {
  const { rows } = await db.pool.query<{ kind: string; grantee: string; privilege: string }>(DEFAULT_PRIVILEGES_QUERY);
  const byKindAndGrantee = new Map<string, string[]>();
  for (const { kind, grantee, privilege } of rows) {
    const key = `${kind}\u0000${grantee}`;
    byKindAndGrantee.set(key, [...(byKindAndGrantee.get(key) ?? []), privilege]);
  }
  return byKindAndGrantee;
}

/**
 * The ALTER DEFAULT PRIVILEGES statements that give the migrating role of `from` the defaults in
 * `public` it has in `to`: they go first in a migration, so that the tables, sequences and
 * functions it creates start from them.
 */
export async function diffDefaultPrivileges(from: Database, to: Database): Promise<string> {
  const [before, after] = await Promise.all([readDefaultPrivileges(from), readDefaultPrivileges(to)]);
  const statements: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [kind, grantee] = key.split('\u0000') as [string, string];
    const had = before.get(key) ?? [];
    const has = after.get(key) ?? [];
    const revoked = had.filter((privilege) => !has.includes(privilege));
    const granted = has.filter((privilege) => !had.includes(privilege));
    if (revoked.length) {
      // `all` when nothing is left: the same statement on every PostgreSQL version (17 added maintain)
      const privileges = has.length ? revoked.join(', ') : 'all';
      statements.push(`alter default privileges in schema public revoke ${privileges} on ${kind} from ${grantee};`);
    }
    if (granted.length) {
      statements.push(
        `alter default privileges in schema public grant ${granted.join(', ')} on ${kind} to ${grantee};`,
      );
    }
  }
  return statements.join('\n');
}
