import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  ACTORS,
  OPERATIONS,
  TABLE_CASES,
  type Actor,
  type MatrixContext,
  type TableCase,
} from '../support/rls-cases.ts';

/**
 * The roles (docs/product.md#roles) enforced where it matters: every table of the public
 * schema, through the Data API, as a visitor, the owner of a row, another user, a moderator and an admin (at aal2), for select,
 * insert, update and delete. Each cell states whether the actor may; the test proves both ways:
 * what is allowed happens, and what is refused leaves the row as it was (checked over the
 * database owner's connection, which row-level security and grants do not restrict). It runs on
 * a backend of its own, because it adds and removes rows (domains, settings) that other tests
 * count.
 *
 * Every cell works on rows of its own, so the cells run a few at a time (vitest's maxConcurrency),
 * except those of tables whose cells change the owner themselves (`runsAlone`): they run one by
 * one once the others are done. The select cells of a table share one target row: a select
 * changes nothing.
 */
describe('row-level security matrix', () => {
  const clients = {} as Record<Actor, SupabaseClient>;
  let backend: TestBackend;
  let database: pg.Pool;
  let context: MatrixContext;

  /** The stored value of one column of the target row, as JSON (as the Data API shows it). */
  async function storedValue(table: string, key: string, id: string, column: string): Promise<unknown[]> {
    // Identifiers come from the static case list, never from input.
    const result = await database.query(
      `select to_jsonb(t.${column}) as value from public.${table} t where t.${key}::text = $1`,
      [id],
    );
    return result.rows.map((row: { value: unknown }) => row.value);
  }

  beforeAll(async () => {
    backend = await startTestBackend({ engine: inject('backend').engine, seed: false });
    const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
    // as many connections as cells run at once
    database = new pg.Pool({ connectionString: backend.connectionString, max: 5 });
    // timestamps as JSON read like the Data API's (a query sent on connect runs before any other)
    database.on('connect', (client) => void client.query("set timezone = 'UTC'").catch(() => {}));
    const [owner, other, moderator, admin] = await Promise.all([
      signedInAs('user', 'rls-owner', backend),
      signedInAs('user', 'rls-other', backend),
      signedInAs('moderator', 'rls-moderator', backend),
      signedInAs('admin', 'rls-admin', backend),
    ]);
    const anon = createClient(backend.url, backend.anonKey, options);
    Object.assign(clients, {
      anon,
      owner: owner.client,
      other: other.client,
      moderator: moderator.client,
      admin: admin.client,
    });
    const userIds = {
      anon: null,
      owner: owner.userId,
      other: other.userId,
      moderator: moderator.userId,
      admin: admin.userId,
    };
    const domain = await database.query<{ id: string }>(
      "select id::text from public.scientific_domains where slug = 'biology'",
    );
    expect(domain.rows).toHaveLength(1);
    context = {
      ownerSql: async (text, params = []) =>
        (await database.query(text, params)).rows as Array<Record<string, unknown>>,
      userIds,
      domainId: domain.rows[0]!.id,
      unique: () => randomUUID().slice(0, 8),
    };
  });

  afterAll(async () => {
    await database?.end();
    await backend?.stop();
  });

  it('covers every table of the public schema', async () => {
    const result = await database.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by 1",
    );
    const tables = result.rows.map((row) => row.tablename);
    expect(TABLE_CASES.map((entry) => entry.table).sort()).toEqual(tables);
  });

  /** The cells of one table, each an `it`: one operation by one actor. */
  function tableCells(tableCase: TableCase) {
    const cells = OPERATIONS.flatMap((operation) =>
      ACTORS.map((actor) => ({ operation, actor, allowed: tableCase.allowed[operation].includes(actor) })),
    );
    let selectTarget: Promise<string> | undefined;

    it.for(cells)('$operation as $actor: allowed $allowed', async ({ operation, actor, allowed }, { expect }) => {
      const client = clients[actor];
      const { table, key } = tableCase;
      if (operation === 'insert') {
        const row = await tableCase.insertRow(context, actor);
        const { error } = await client.from(table).insert(row);
        if (allowed) expect(error).toBeNull();
        else expect(error?.code).toBe('42501');
        return;
      }

      const id = await (operation === 'select'
        ? (selectTarget ??= tableCase.target(context))
        : tableCase.target(context));
      const exists = async () => (await storedValue(table, key, id, key)).length === 1;

      if (operation === 'select') {
        const { data, error } = await client.from(table).select(key).eq(key, id);
        const visible = error === null && data.length === 1;
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(visible).toBe(allowed);
      } else if (operation === 'update') {
        const [column, value] = tableCase.change(context);
        const { error } = await client
          .from(table)
          .update({ [column]: value })
          .eq(key, id);
        const stored = await storedValue(table, key, id, column);
        expect(stored).toHaveLength(1);
        const changed = JSON.stringify(stored[0]) === JSON.stringify(value);
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(changed).toBe(allowed);
      } else {
        const { error } = await client.from(table).delete().eq(key, id);
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(await exists()).toBe(!allowed);
      }
    });
  }

  describe.concurrent.each(TABLE_CASES.filter((entry) => !entry.runsAlone))('$table', tableCells);
  describe.each(TABLE_CASES.filter((entry) => entry.runsAlone))('$table', tableCells);
});
