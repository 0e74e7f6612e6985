import type { Column, Relation, SchemaCatalog, SqlFunction } from './introspect-schema.ts';
import { byName, literal, nullable, propertyKey, typeScriptType, type TypeContext } from './postgres-types.ts';
import type { Relationship } from './relationships.ts';

/** A type's text, one entry per line, indented relative to its first line. */
type Lines = string[];

const HEADER = `/**
 * The database schema as supabase-js sees it, generated from supabase/migrations by
 * \`npm run gen:types\` (server/src/database/generate-types.ts) in the shape of
 * \`supabase gen types typescript\`. Do not edit: change the migrations and generate again.
 */`;

const EMPTY: Lines = ['{', '  [_ in never]: never;', '}'];

/** Shorthands for the schema's parts, as the Supabase generator writes them (for one schema). */
const helpers = (schema: string) => `type DefaultSchema = Database[${literal(schema)}];

export type Tables<Name extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> = (DefaultSchema['Tables'] &
  DefaultSchema['Views'])[Name] extends { Row: infer Row }
  ? Row
  : never;
export type TablesInsert<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Insert'];
export type TablesUpdate<Name extends keyof DefaultSchema['Tables']> = DefaultSchema['Tables'][Name]['Update'];
export type Enums<Name extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][Name];
export type CompositeTypes<Name extends keyof DefaultSchema['CompositeTypes']> = DefaultSchema['CompositeTypes'][Name];`;

export function renderDatabaseTypes(catalog: SchemaCatalog, relationships: Relationship[]): string {
  const context: TypeContext = {
    schema: catalog.schema,
    types: catalog.types,
    relations: new Map(catalog.relations.map((relation) => [relation.id, relation])),
  };
  const relations = [...catalog.relations].sort(byName);
  const functions = catalog.functions
    .filter(callableByName)
    .sort((a, b) => byName(a, b) || compare(a.signature, b.signature));
  const tables = relations.filter((relation) => relation.kind === 'table');
  const views = relations.filter((relation) => relation.kind === 'view' || relation.kind === 'materialized view');
  const composites = relations.filter((relation) => relation.kind === 'composite type');
  const enums = [...catalog.types.values()]
    .filter((type) => type.schema === catalog.schema && type.kind === 'e')
    .sort(byName);

  const relationType = (relation: Relation, withWrites: boolean): Lines =>
    object([
      ['Row', rowType(relation, functions, context)],
      ...(withWrites
        ? ([
            ['Insert', writeType(relation, 'insert', context)],
            ['Update', writeType(relation, 'update', context)],
          ] satisfies Array<[string, Lines]>)
        : []),
      ['Relationships', relationshipsType(relationships.filter((r) => r.relation === relation.name))],
    ]);

  const schema = object([
    ['Tables', section(tables.map((table) => [propertyKey(table.name), relationType(table, true)]))],
    [
      'Views',
      section(
        views.map((view) => [propertyKey(view.name), relationType(view, view.kind === 'view' && view.updatable)]),
      ),
    ],
    [
      'Functions',
      section(
        functionGroups(functions).map(([name, overloads]) => [propertyKey(name), functionType(overloads, context)]),
      ),
    ],
    ['Enums', section(enums.map((type) => [propertyKey(type.name), [type.enumLabels.map(literal).join(' | ')]]))],
    [
      'CompositeTypes',
      section(
        composites.map((composite) => [
          propertyKey(composite.name),
          object(
            composite.columns.map((column) => [
              propertyKey(column.name),
              [nullable(typeScriptType(column.typeId, context))],
            ]),
          ),
        ]),
      ),
    ],
  ]);
  // The enum values at run time, for a Zod enum or a select's options.
  const enumValues = object(
    enums.map((type) => [propertyKey(type.name), [`[${type.enumLabels.map(literal).join(', ')}]`]]),
    ',',
  );
  const constants = object([[propertyKey(catalog.schema), object([['Enums', enumValues]], ',')]], ',');

  return [
    HEADER,
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    ...declaration('export type Database = ', object([[propertyKey(catalog.schema), schema]]), ';'),
    '',
    helpers(catalog.schema),
    '',
    ...declaration('export const Constants = ', constants, ' as const;'),
    '',
  ].join('\n');
}

function declaration(start: string, [first, ...rest]: Lines, end: string): Lines {
  return withTerminator([`${start}${first}`, ...rest], end);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PostgREST passes arguments by name, so it can call a function only when every input argument
 * is named, or when its one input argument is unnamed (a JSON body or a computed field).
 */
function callableByName(fn: SqlFunction): boolean {
  const inputs = inputArguments(fn);
  return inputs.every((argument) => argument.name !== '') || inputs.length === 1;
}

function inputArguments(fn: SqlFunction) {
  return fn.arguments.filter(
    (argument) => argument.mode === 'in' || argument.mode === 'inout' || argument.mode === 'variadic',
  );
}

function functionGroups(functions: SqlFunction[]): Array<[string, SqlFunction[]]> {
  const groups = new Map<string, SqlFunction[]>();
  for (const fn of functions) groups.set(fn.name, [...(groups.get(fn.name) ?? []), fn]);
  return [...groups];
}

/** One function, or a union of its overloads (supabase-js picks the one the arguments match). */
function functionType(overloads: SqlFunction[], context: TypeContext): Lines {
  const variants = overloads.map((fn) =>
    object([
      ['Args', argsType(fn, context)],
      ['Returns', returnsType(fn, context)],
    ]),
  );
  if (variants.length === 1) return variants[0]!;
  return ['', ...variants.flatMap(([first, ...rest]) => [`| ${first}`, ...rest.map((line) => `  ${line}`)])];
}

function argsType(fn: SqlFunction, context: TypeContext): Lines {
  const inputs = inputArguments(fn);
  if (inputs.length === 0) return ['never'];
  return object(
    inputs.map((argument) => [
      `${propertyKey(argument.name)}${argument.hasDefault ? '?' : ''}`,
      [typeScriptType(argument.typeId, context)],
    ]),
  );
}

function returnsType(fn: SqlFunction, context: TypeContext): Lines {
  const set = fn.returnsSet ? '[]' : '';
  const returnType = context.types.get(fn.returnTypeId);
  const outputs = fn.arguments.filter(
    (argument) => argument.mode === 'table' || argument.mode === 'out' || argument.mode === 'inout',
  );
  // RETURNS TABLE (...) and OUT parameters: PostgreSQL knows nothing of their nullability.
  if (returnType?.name === 'record' && outputs.length > 0) {
    return withTerminator(
      object(
        outputs.map((argument) => [propertyKey(argument.name), [nullable(typeScriptType(argument.typeId, context))]]),
      ),
      set,
    );
  }
  const relation = returnType?.kind === 'c' ? context.relations.get(returnType.relationId) : undefined;
  if (relation && relation.kind !== 'composite type') {
    return withTerminator(object(sortedColumns(relation).map((column) => columnMember(column, context))), set);
  }
  return [`${typeScriptType(fn.returnTypeId, context)}${set}`];
}

function rowType(relation: Relation, functions: SqlFunction[], context: TypeContext): Lines {
  // A function of one unnamed argument of this row type is a computed field PostgREST can select.
  const computed = functions
    .filter((fn) => {
      const inputs = inputArguments(fn);
      return (
        inputs.length === 1 &&
        inputs[0]!.name === '' &&
        context.types.get(inputs[0]!.typeId)?.relationId === relation.id
      );
    })
    .map((fn): [string, Lines] => [propertyKey(fn.name), [nullable(returnsType(fn, context).join(' '))]]);
  return object([...sortedColumns(relation).map((column) => columnMember(column, context)), ...computed]);
}

function columnMember(column: Column, context: TypeContext): [string, Lines] {
  return [propertyKey(column.name), [nullable(typeScriptType(column.typeId, context), column.nullable)]];
}

/**
 * What PostgREST accepts when inserting or updating: generated and always-identity columns take
 * no value; columns with a default, nullable columns and every updated column may be left out.
 */
function writeType(relation: Relation, operation: 'insert' | 'update', context: TypeContext): Lines {
  const view = relation.kind !== 'table';
  return object(
    sortedColumns(relation).map((column): [string, Lines] => {
      const key = propertyKey(column.name);
      if (column.identity === 'always' || column.generated || !column.updatable) return [`${key}?`, ['never']];
      const type = typeScriptType(column.typeId, context);
      if (view) return [`${key}?`, [nullable(type)]];
      const optional = operation === 'update' || column.nullable || column.identity !== null || column.hasDefault;
      return [`${key}${optional ? '?' : ''}`, [nullable(type, column.nullable)]];
    }),
  );
}

function sortedColumns(relation: Relation): Column[] {
  return [...relation.columns].sort(byName);
}

function relationshipsType(relationships: Relationship[]): Lines {
  if (relationships.length === 0) return ['[]'];
  const sorted = [...relationships].sort(
    (a, b) =>
      compare(a.foreignKeyName, b.foreignKeyName) ||
      compare(a.referencedRelation, b.referencedRelation) ||
      compare(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)) ||
      compare(JSON.stringify(a.columns), JSON.stringify(b.columns)),
  );
  const list = (names: string[]) => `[${names.map(literal).join(', ')}]`;
  return [
    '[',
    ...sorted.flatMap((relationship) =>
      indent(
        object(
          [
            ['foreignKeyName', [literal(relationship.foreignKeyName)]],
            ['columns', [list(relationship.columns)]],
            ['isOneToOne', [String(relationship.isOneToOne)]],
            ['referencedRelation', [literal(relationship.referencedRelation)]],
            ['referencedColumns', [list(relationship.referencedColumns)]],
          ],
          ';',
          ',',
        ),
      ),
    ),
    ']',
  ];
}

/** Tables, Views, Functions...: `{ [_ in never]: never }` when there are none, as supabase writes it. */
function section(members: Array<[string, Lines]>): Lines {
  return members.length === 0 ? EMPTY : object(members);
}

/** An object type (or, with ',' as separator, an object literal), one member per line. */
function object(members: Array<[string, Lines]>, separator = ';', closing = ''): Lines {
  if (members.length === 0) return [`{}${closing}`];
  return ['{', ...members.flatMap(([key, type]) => indent(member(key, type, separator))), `}${closing}`];
}

function member(key: string, type: Lines, separator: string): Lines {
  const [first, ...rest] = withTerminator(type, separator);
  // A union of several lines starts on the line after its key.
  if (first === '') return [`${key}:`, ...indent(rest)];
  return [`${key}: ${first}`, ...rest];
}

function withTerminator(lines: Lines, terminator: string): Lines {
  return lines.map((line, index) => (index === lines.length - 1 ? `${line}${terminator}` : line));
}

function indent(lines: Lines): Lines {
  return lines.map((line) => `  ${line}`);
}
