import type { PgType, Relation } from './introspect-schema.ts';

/** The PostgreSQL types PostgREST hands over as JSON strings, numbers and booleans. */
const STRING_TYPES = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'tsvector',
]);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);

export interface TypeContext {
  schema: string;
  types: ReadonlyMap<string, PgType>;
  /** The schema's tables, views and composite types, by oid. */
  relations: ReadonlyMap<string, Relation>;
}

/**
 * The TypeScript type of a value of this PostgreSQL type in a PostgREST response, as the
 * Supabase generator maps it: types it has no JSON form for stay `unknown`.
 */
export function typeScriptType(typeId: string, context: TypeContext): string {
  const type = context.types.get(typeId);
  if (!type) return 'unknown';
  if (type.kind === 'd') return typeScriptType(type.baseId, context);
  if (type.elementId !== '0' && type.length === -1) {
    const element = typeScriptType(type.elementId, context);
    return element.includes('|') ? `(${element})[]` : `${element}[]`;
  }
  if (type.name === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(type.name)) return 'number';
  if (STRING_TYPES.has(type.name)) return 'string';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  if (type.kind === 'e') {
    return type.schema === context.schema
      ? `Database[${literal(context.schema)}]['Enums'][${literal(type.name)}]`
      : type.enumLabels.map(literal).join(' | ');
  }
  if (type.kind === 'c') {
    const relation = context.relations.get(type.relationId);
    if (!relation) return 'unknown';
    const section =
      relation.kind === 'table' ? 'Tables' : relation.kind === 'composite type' ? 'CompositeTypes' : 'Views';
    const row = relation.kind === 'composite type' ? '' : "['Row']";
    return `Database[${literal(context.schema)}]['${section}'][${literal(relation.name)}]${row}`;
  }
  return 'unknown';
}

/** `T | null`; `unknown` already holds null. */
export function nullable(type: string, isNullable = true): string {
  return isNullable && type !== 'unknown' ? `${type} | null` : type;
}

export function literal(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A property name, quoted only when it is not an identifier. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
}

/** Names in code-point order, so the output is the same whatever the machine's locale. */
export function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
