import type pg from 'pg';
import type { SchemaCatalog } from './introspect-schema.ts';
import { isTreeNode, parseNodeTree, type TreeValue } from './pg-node-tree.ts';

/** One entry of a table's or view's `Relationships` in the generated types. */
export interface Relationship {
  foreignKeyName: string;
  /** The relation holding the referencing columns. */
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

/** Where a view's column comes from: a table's column, through any number of views. */
interface ColumnOrigin {
  relationId: string;
  position: number;
}

/**
 * The relationships PostgREST can embed along, as the Supabase generator lists them: every
 * foreign key between two relations of the schema, and the same key again wherever a view shows
 * all of its columns (on the referencing side, the referenced side, or both).
 */
export async function readRelationships(client: pg.ClientBase, catalog: SchemaCatalog): Promise<Relationship[]> {
  const origins = await readViewColumnOrigins(client);
  const names = new Map(
    catalog.relations.filter((relation) => relation.kind !== 'composite type').map((r) => [r.id, r.name]),
  );
  const uniqueKeys = catalog.uniqueKeys.map((key) => ({ relationId: key.relationId, columns: new Set(key.columns) }));
  const views = catalog.relations.filter(
    (relation) => relation.kind === 'view' || relation.kind === 'materialized view',
  );

  /** The column names of a relation, by position. */
  const columnPositions = new Map(
    catalog.relations.map((relation) => [
      relation.id,
      new Map(relation.columns.map((column) => [column.name, column.position])),
    ]),
  );

  /** Each way a view shows all of these columns of a table (a column shown twice gives two ways). */
  function viewsShowing(relationId: string, columns: string[]): Array<{ view: string; columns: string[] }> {
    const positions = columns.map((column) => columnPositions.get(relationId)?.get(column));
    if (positions.some((position) => position === undefined)) return [];
    return views.flatMap((view) => {
      const viewOrigins = origins.get(view.id);
      if (!viewOrigins) return [];
      const choices = positions.map((position) =>
        view.columns
          .filter((column) => {
            const origin = viewOrigins.get(column.position);
            return origin?.relationId === relationId && origin.position === position;
          })
          .map((column) => column.name),
      );
      return cartesianProduct(choices).map((viewColumns) => ({ view: view.name, columns: viewColumns }));
    });
  }

  const relationships: Relationship[] = [];
  for (const key of catalog.foreignKeys) {
    const relation = names.get(key.relationId);
    const referenced = names.get(key.referencedId);
    const isOneToOne = uniqueKeys.some(
      (unique) => unique.relationId === key.relationId && sameSet(unique.columns, key.columns),
    );
    const base = { foreignKeyName: key.name, isOneToOne };
    const referencing = [
      ...(relation ? [{ view: relation, columns: key.columns }] : []),
      ...viewsShowing(key.relationId, key.columns),
    ];
    const referencedSides = [
      ...(referenced ? [{ view: referenced, columns: key.referencedColumns }] : []),
      ...viewsShowing(key.referencedId, key.referencedColumns),
    ];
    for (const from of referencing) {
      for (const to of referencedSides) {
        relationships.push({
          ...base,
          relation: from.view,
          columns: from.columns,
          referencedRelation: to.view,
          referencedColumns: to.columns,
        });
      }
    }
  }
  return relationships;
}

function sameSet(set: ReadonlySet<string>, columns: string[]): boolean {
  return set.size === new Set(columns).size && columns.every((column) => set.has(column));
}

function cartesianProduct(choices: string[][]): string[][] {
  return choices.reduce<string[][]>(
    (products, options) => products.flatMap((product) => options.map((option) => [...product, option])),
    [[]],
  );
}

/**
 * For every view in the database, which table column each of its columns shows, read from the
 * view's stored query (the target list's resorigtbl/resorigcol) and followed through views of views.
 */
async function readViewColumnOrigins(client: pg.ClientBase): Promise<Map<string, Map<number, ColumnOrigin>>> {
  const { rows } = await client.query<{ id: string; definition: string }>(`
    select c.oid::text as id, r.ev_action::text as definition
    from pg_class c join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
    where c.relkind in ('v', 'm')`);
  const direct = new Map(rows.map((row) => [row.id, directOrigins(parseNodeTree(row.definition))]));

  const resolve = (origin: ColumnOrigin, seen: Set<string>): ColumnOrigin | undefined => {
    const through = direct.get(origin.relationId);
    if (!through) return origin;
    if (seen.has(origin.relationId)) return undefined;
    const next = through.get(origin.position);
    return next && resolve(next, new Set([...seen, origin.relationId]));
  };

  const resolved = new Map<string, Map<number, ColumnOrigin>>();
  for (const [viewId, columns] of direct) {
    const viewOrigins = new Map<number, ColumnOrigin>();
    for (const [position, origin] of columns) {
      const base = resolve(origin, new Set([viewId]));
      if (base) viewOrigins.set(position, base);
    }
    resolved.set(viewId, viewOrigins);
  }
  return resolved;
}

/** The top-level query's target list: view column number -> the relation column it shows. */
function directOrigins(tree: TreeValue): Map<number, ColumnOrigin> {
  const origins = new Map<number, ColumnOrigin>();
  const query = Array.isArray(tree) ? tree[0] : undefined;
  if (!isTreeNode(query)) return origins;
  const targets = query.fields.get('targetList');
  if (!Array.isArray(targets)) return origins;
  for (const entry of targets) {
    if (!isTreeNode(entry) || entry.fields.get('resjunk') === 'true') continue;
    const position = Number(entry.fields.get('resno'));
    const relationId = entry.fields.get('resorigtbl');
    const column = Number(entry.fields.get('resorigcol'));
    if (typeof relationId === 'string' && relationId !== '0' && column > 0)
      origins.set(position, { relationId, position: column });
  }
  return origins;
}
