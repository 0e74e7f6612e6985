import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { ACTORS, OPERATIONS, TABLE_CASES, type Actor, type MatrixContext } from '../support/rls-cases.ts';

/**
 * Spec 6 enforced where it matters: every table of the public schema, through the Data API, as a
 * visitor, the owner of a row, another user, a moderator and an admin (at aal2), for select,
 * insert, update and delete. Each cell states whether the actor may; the test proves both ways:
 * what is allowed happens, and what is refused leaves the row as it was (checked with the
 * service role, which bypasses row-level security). It runs on a backend of its own, because it
 * adds and removes rows (domains, settings) that other tests count.
 */
describe('row-level security matrix', () => {
  const clients = {} as Record<Actor, SupabaseClient>;
  let backend: TestBackend;
  let service: SupabaseClient;
  let context: MatrixContext;

  beforeAll(async () => {
    backend = await startTestBackend({ engine: inject('backend').engine, seed: false });
    const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
    service = createClient(backend.url, backend.serviceRoleKey, options);
    const [owner, other, moderator, admin] = await Promise.all([
      signedInAs('user', 'rls-owner', backend),
      signedInAs('user', 'rls-other', backend),
      signedInAs('moderator', 'rls-moderator', backend),
      signedInAs('admin', 'rls-admin', backend),
    ]);
    const anon = createClient(backend.url, backend.anonKey, options);
    Object.assign(clients, { anon, owner: owner.client, other: other.client, moderator: moderator.client, admin: admin.client });
    const userIds = { anon: null, owner: owner.userId, other: other.userId, moderator: moderator.userId, admin: admin.userId };
    const domain = await service.from('scientific_domains').select('id').eq('slug', 'biology').single();
    expect(domain.error).toBeNull();
    context = { service, userIds, domainId: domain.data!.id as string, unique: () => randomUUID().slice(0, 8) };
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('covers every table of the public schema', async () => {
    const tables = await withDatabase(async (db) => {
      const result = await db.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by 1");
      return result.rows.map((row) => row.tablename);
    }, backend.connectionString);
    expect(TABLE_CASES.map((entry) => entry.table).sort()).toEqual(tables);
  });

  describe.each(TABLE_CASES)('$table', (tableCase) => {
    const cells = OPERATIONS.flatMap((operation) =>
      ACTORS.map((actor) => ({ operation, actor, allowed: tableCase.allowed[operation].includes(actor) })),
    );

    it.each(cells)('$operation as $actor: allowed $allowed', async ({ operation, actor, allowed }) => {
      const client = clients[actor];
      const { table, key } = tableCase;
      if (operation === 'insert') {
        const row = await tableCase.insertRow(context, actor);
        const { error } = await client.from(table).insert(row);
        if (allowed) expect(error).toBeNull();
        else expect(error?.code).toBe('42501');
        return;
      }

      const id = await tableCase.target(context);
      const exists = async () => {
        const found = await service.from(table).select(key).eq(key, id);
        expect(found.error).toBeNull();
        return found.data!.length === 1;
      };

      if (operation === 'select') {
        const { data, error } = await client.from(table).select(key).eq(key, id);
        const visible = error === null && data.length === 1;
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(visible).toBe(allowed);
      } else if (operation === 'update') {
        const [column, value] = tableCase.change(context);
        const { error } = await client.from(table).update({ [column]: value }).eq(key, id);
        const stored = await service.from(table).select(column).eq(key, id).single<Record<string, unknown>>();
        expect(stored.error).toBeNull();
        const changed = JSON.stringify(stored.data?.[column]) === JSON.stringify(value);
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(changed).toBe(allowed);
      } else {
        const { error } = await client.from(table).delete().eq(key, id);
        if (!allowed && error) expect(error.code).toBe('42501');
        expect(await exists()).toBe(!allowed);
      }
    });
  });
});
