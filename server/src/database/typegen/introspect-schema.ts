import type pg from 'pg';

/**
 * What the type generator reads from the catalog about one schema. Object ids stay text: an oid
 * is unsigned 32-bit, and `pg` would hand int8 over as text anyway.
 */
export interface PgType {
  id: string;
  schema: string;
  name: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  kind: string;
  elementId: string;
  length: number;
  baseId: string;
  relationId: string;
  enumLabels: string[];
}

export interface Column {
  name: string;
  position: number;
  typeId: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: 'always' | 'by default' | null;
  generated: boolean;
  updatable: boolean;
}

export interface Relation {
  id: string;
  name: string;
  /** Composite types are relations too (relkind c): their attributes are the columns. */
  kind: 'table' | 'view' | 'materialized view' | 'composite type';
  /** A view that PostgREST can update and delete through (auto-updatable or with rules). */
  updatable: boolean;
  columns: Column[];
}

export interface ForeignKey {
  name: string;
  relationId: string;
  columns: string[];
  referencedId: string;
  referencedColumns: string[];
}

export interface UniqueKey {
  relationId: string;
  columns: string[];
}

export type ArgumentMode = 'in' | 'out' | 'inout' | 'variadic' | 'table';

export interface FunctionArgument {
  /** '' for an unnamed argument. */
  name: string;
  typeId: string;
  mode: ArgumentMode;
  hasDefault: boolean;
}

export interface SqlFunction {
  id: string;
  name: string;
  /** The identity arguments, to order overloads the same way every time. */
  signature: string;
  returnTypeId: string;
  returnsSet: boolean;
  arguments: FunctionArgument[];
}

export interface SchemaCatalog {
  schema: string;
  relations: Relation[];
  foreignKeys: ForeignKey[];
  uniqueKeys: UniqueKey[];
  functions: SqlFunction[];
  types: ReadonlyMap<string, PgType>;
}

/** The roles the Data API runs requests as: a function neither may execute is out of reach. */
export const API_ROLES = ['anon', 'authenticated'] as const;

const MODES: Record<string, ArgumentMode> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };

export async function introspectSchema(client: pg.ClientBase, schema = 'public'): Promise<SchemaCatalog> {
  const types = await readTypes(client);
  const relations = await readRelations(client, schema);
  const { foreignKeys, uniqueKeys } = await readKeys(client);
  const functions = await readFunctions(client, schema);
  return { schema, relations, foreignKeys, uniqueKeys, functions, types };
}

async function readTypes(client: pg.ClientBase): Promise<Map<string, PgType>> {
  const { rows } = await client.query<PgType>(`
    select t.oid::text as id, n.nspname as schema, t.typname as name, t.typtype::text as kind,
           t.typelem::text as "elementId", t.typlen::int as length, t.typbasetype::text as "baseId",
           t.typrelid::text as "relationId",
           array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as "enumLabels"
    from pg_type t join pg_namespace n on n.oid = t.typnamespace`);
  return new Map(rows.map((row) => [row.id, row]));
}

async function readRelations(client: pg.ClientBase, schema: string): Promise<Relation[]> {
  const { rows } = await client.query<{
    id: string;
    name: string;
    relkind: string;
    updatable: boolean;
    columns: Column[] | null;
  }>(
    `
    select c.oid::text as id, c.relname as name, c.relkind::text as relkind,
           c.relkind = 'v' and pg_relation_is_updatable(c.oid, false) & 20 = 20 as updatable,
           (select json_agg(json_build_object(
                     'name', a.attname,
                     'position', a.attnum,
                     'typeId', a.atttypid::text,
                     'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
                     'hasDefault', a.atthasdef,
                     'identity', case a.attidentity when 'a' then 'always' when 'd' then 'by default' end,
                     'generated', a.attgenerated <> '',
                     'updatable', c.relkind in ('r', 'p')
                                  or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)))
                   order by a.attnum)
            from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
    from pg_class c
    where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')`,
    [schema],
  );
  const kinds: Record<string, Relation['kind']> = {
    r: 'table',
    p: 'table',
    f: 'table',
    v: 'view',
    m: 'materialized view',
    c: 'composite type',
  };
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: kinds[row.relkind] ?? 'table',
    updatable: row.updatable,
    columns: row.columns ?? [],
  }));
}

/** Foreign keys and the unique keys that make a foreign key one-to-one, in every schema. */
async function readKeys(client: pg.ClientBase): Promise<{ foreignKeys: ForeignKey[]; uniqueKeys: UniqueKey[] }> {
  const columnNames = (relation: string, keys: string) => `
    array(select a.attname::text from unnest(${keys}) with ordinality as k (attnum, ord)
          join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.attnum order by k.ord)`;
  const { rows: foreignKeys } = await client.query<ForeignKey>(`
    select con.conname as name, con.conrelid::text as "relationId", ${columnNames('con.conrelid', 'con.conkey')} as columns,
           con.confrelid::text as "referencedId", ${columnNames('con.confrelid', 'con.confkey')} as "referencedColumns"
    from pg_constraint con
    where con.contype = 'f' and con.conparentid = 0`);
  const { rows: uniqueKeys } = await client.query<UniqueKey>(`
    select con.conrelid::text as "relationId", ${columnNames('con.conrelid', 'con.conkey')} as columns
    from pg_constraint con
    where con.contype in ('p', 'u')`);
  return { foreignKeys, uniqueKeys };
}

async function readFunctions(client: pg.ClientBase, schema: string): Promise<SqlFunction[]> {
  const { rows } = await client.query<{
    id: string;
    name: string;
    signature: string;
    returnTypeId: string;
    returnsSet: boolean;
    argTypes: string[];
    argModes: string[] | null;
    argNames: string[] | null;
    defaults: number;
  }>(
    `
    select p.oid::text as id, p.proname as name, pg_get_function_identity_arguments(p.oid) as signature,
           p.prorettype::text as "returnTypeId", p.proretset as "returnsSet",
           coalesce(p.proallargtypes, p.proargtypes::oid[])::text[] as "argTypes",
           p.proargmodes::text[] as "argModes", p.proargnames::text[] as "argNames",
           p.pronargdefaults::int as defaults
    from pg_proc p
    where p.pronamespace = $1::regnamespace
      and p.prokind = 'f'
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
      and (${API_ROLES.map((role) => `has_function_privilege('${role}', p.oid, 'execute')`).join(' or ')})`,
    [schema],
  );
  return rows.map((row) => {
    const modes = row.argTypes.map((_, index) => MODES[row.argModes?.[index] ?? 'i'] ?? 'in');
    // pronargdefaults counts the last input arguments (in, inout, variadic) that have defaults.
    const inputs = modes.flatMap((mode, index) =>
      mode === 'in' || mode === 'inout' || mode === 'variadic' ? [index] : [],
    );
    const withDefaults = new Set(inputs.slice(inputs.length - row.defaults));
    return {
      id: row.id,
      name: row.name,
      signature: row.signature,
      returnTypeId: row.returnTypeId,
      returnsSet: row.returnsSet,
      arguments: row.argTypes.map((typeId, index) => ({
        name: row.argNames?.[index] ?? '',
        typeId,
        mode: modes[index] ?? 'in',
        hasDefault: withDefaults.has(index),
      })),
    };
  });
}
