import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../engine.ts';
import { DATABASE_TYPES_PATH, openMigratedDatabase, renderSchemaTypes } from './generate-database-types.ts';

let db: Database;

beforeAll(async () => {
  db = await openMigratedDatabase();
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The first line where two texts differ, or undefined when they are the same. */
function firstDifference(
  actual: string,
  expected: string,
): { line: number; actual?: string; expected?: string } | undefined {
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  const index = actualLines.findIndex((line, at) => line !== expectedLines[at]);
  const at = index >= 0 ? index : actualLines.length < expectedLines.length ? actualLines.length : -1;
  return at < 0 ? undefined : { line: at + 1, actual: actualLines[at], expected: expectedLines[at] };
}

describe('web/src/data/database.types.ts', () => {
  it('is what the migrations generate', async () => {
    const generated = await renderSchemaTypes(db.pool, 'public');
    const difference = firstDifference(readFileSync(DATABASE_TYPES_PATH, 'utf8'), generated);
    expect(
      difference,
      `web/src/data/database.types.ts is not what supabase/migrations generate (line ${difference?.line}): run \`npm run gen:types\``,
    ).toBeUndefined();
  });
});

/** A schema with what the migrations do not have (yet): enums, composite types, overloads... */
const SAMPLE_SCHEMA = `
  create schema typegen_sample;
  grant usage on schema typegen_sample to anon, authenticated;
  create type typegen_sample.mood as enum ('happy', 'sad', 'it''s complicated');
  create type typegen_sample.point as (x integer, label text);
  create table typegen_sample.owners (id uuid primary key default gen_random_uuid(), name text not null);
  create table typegen_sample.pets (
    id bigint generated always as identity primary key,
    owner_id uuid not null unique references typegen_sample.owners (id),
    name text not null,
    nickname text,
    feeling typegen_sample.mood,
    moods typegen_sample.mood[],
    tags text[] not null default '{}',
    details jsonb,
    name_length integer generated always as (char_length(name)) stored,
    "Odd Name" numeric
  );
  create view typegen_sample.pet_names as select p.id, p.owner_id, p.name from typegen_sample.pets p;
  create view typegen_sample.owner_counts as
    select o.id as owner, count(p.id)::integer as pets from typegen_sample.owners o
    left join typegen_sample.pets p on p.owner_id = o.id group by o.id;
  create function typegen_sample.pet_label(typegen_sample.pets) returns text language sql as $$ select $1.name $$;
  create function typegen_sample.find_pets(search text, lim integer default 10) returns setof typegen_sample.pets
    language sql as $$ select * from typegen_sample.pets limit lim $$;
  create function typegen_sample.shout(word text) returns text language sql as $$ select upper(word) $$;
  create function typegen_sample.shout(word text, times integer) returns text
    language sql as $$ select repeat(upper(word), times) $$;
  create function typegen_sample.pair(a integer, b integer) returns table (total integer, label text)
    language sql as $$ select a + b, 'sum' $$;
  create function typegen_sample.midpoint(p typegen_sample.point) returns typegen_sample.point language sql as $$ select p $$;
  create function typegen_sample.internal_helper() returns void language sql as $$ select $$;
  revoke execute on function typegen_sample.internal_helper() from public;
  create function typegen_sample.touch() returns trigger language plpgsql as $$ begin return new; end $$;
  create function typegen_sample.add(integer, integer) returns integer language sql as $$ select $1 + $2 $$;
`;

/** The lines of the first member opening with this line, up to its closing brace. */
function block(text: string, opening: string): string {
  const lines = text.split('\n');
  const depth = (line: string) => line.length - line.trimStart().length;
  const start = lines.findIndex((line) => line.trimStart() === opening);
  if (start < 0) throw new Error(`no "${opening}" in the output`);
  const indent = depth(lines[start]!);
  const end = lines.findIndex((line, index) => index > start && line.trim() !== '' && depth(line) <= indent);
  return lines.slice(start, depth(lines[end]!) === indent ? end + 1 : end).join('\n');
}

describe('the type generator', () => {
  let types: string;

  beforeAll(async () => {
    await db.pool.query(SAMPLE_SCHEMA);
    types = await renderSchemaTypes(db.pool, 'typegen_sample');
  });

  it('writes what PostgREST accepts on insert: nothing for generated columns, optional with defaults or nulls', () => {
    expect(block(block(types, 'owners: {'), 'Insert: {')).toBe(`        Insert: {
          id?: string;
          name: string;
        };`);
    const pets = block(types, 'pets: {');
    expect(pets).toContain(`        Insert: {
          'Odd Name'?: number | null;
          details?: Json | null;
          feeling?: Database['typegen_sample']['Enums']['mood'] | null;
          id?: never;
          moods?: Database['typegen_sample']['Enums']['mood'][] | null;
          name: string;
          name_length?: never;
          nickname?: string | null;
          owner_id: string;
          tags?: string[];
        };`);
  });

  it('adds a function of one unnamed row argument to the row, as a computed field', () => {
    expect(block(types, 'pets: {')).toContain(`          tags: string[];
          pet_label: string | null;
        };`);
  });

  it('lists a foreign key once per relation showing its columns, views included', () => {
    const pets = block(types, 'pets: {');
    expect(pets.match(/referencedRelation: '(\w+)'/g)).toEqual([
      "referencedRelation: 'owner_counts'",
      "referencedRelation: 'owners'",
    ]);
    expect(pets).toContain(`foreignKeyName: 'pets_owner_id_fkey';
            columns: ['owner_id'];
            isOneToOne: true;`);
    expect(block(types, 'pet_names: {')).toContain("referencedRelation: 'owners';");
  });

  it('gives writes only to views PostgreSQL can write through; every view column may be null', () => {
    expect(block(types, 'pet_names: {')).toContain('Insert: {');
    expect(block(types, 'owner_counts: {')).toBe(`      owner_counts: {
        Row: {
          owner: string | null;
          pets: number | null;
        };
        Relationships: [];
      };`);
  });

  it('writes overloads as a union, set results as arrays, and table results with nullable columns', () => {
    expect(block(types, 'shout:')).toContain(`        | {
            Args: {
              word: string;
              times: number;
            };
            Returns: string;
          };`);
    expect(block(types, 'find_pets: {')).toContain(`          lim?: number;`);
    expect(block(types, 'find_pets: {')).toMatch(/Returns: \{\n {10}'Odd Name': number \| null;[\s\S]*\}\[\];/);
    expect(block(types, 'pair: {')).toContain(`Returns: {
          total: number | null;
          label: string | null;
        }[];`);
  });

  it('leaves out what the API cannot call: unexecutable, trigger and positional-argument functions', () => {
    const functions = block(types, 'Functions: {');
    expect([...functions.matchAll(/^ {6}(\w+):/gm)].map((match) => match[1])).toEqual([
      'find_pets',
      'midpoint',
      'pair',
      'pet_label',
      'shout',
    ]);
  });

  it('writes enums and composite types, and refers to them by name', () => {
    expect(block(types, 'Enums: {')).toContain(`mood: 'happy' | 'sad' | 'it\\'s complicated';`);
    expect(block(types, 'CompositeTypes: {')).toContain(`point: {
        x: number | null;
        label: string | null;
      };`);
    expect(block(types, 'midpoint: {')).toContain(`Returns: Database['typegen_sample']['CompositeTypes']['point'];`);
    expect(types).toContain(`mood: ['happy', 'sad', 'it\\'s complicated'],`);
  });
});
