import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, uniqueEmail, visitor, visitorAddress, withDatabase } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { decodedText, startSmtpServer, waitForSmtpMail, type TestSmtpServer } from '../support/smtp-server.ts';

/** A raw message's headers, folded lines unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
}

describe('notification e-mails: at once, in digests, and one-click unsubscribe', () => {
  const PUBLIC_URL = 'https://sciai.example';
  let smtp: TestSmtpServer;
  let backend: TestBackend;
  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    withDatabase(async (db) => (await db.query<T>(text, params)).rows, backend.connectionString);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    backend = await startTestBackend({
      engine: inject('engine'),
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL },
    });
    const service = createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false } });
    const { error } = await service
      .from('site_settings')
      .update({ value: false })
      .eq('key', 'require_email_verification');
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await backend?.stop();
    await smtp?.stop();
  });

  async function signUp(label: string, email: Record<string, string> = {}) {
    const client = visitor(visitorAddress(), backend.url, backend.anonKey);
    const address = uniqueEmail(label);
    const { data, error } = await client.auth.signUp({ email: address, password: PASSWORD });
    if (error || !data.user) throw error ?? new Error('sign-up gave no user');
    await sql('update public.user_profiles set notification_preferences = $2 where id = $1', [data.user.id, { email }]);
    return { email: address, userId: data.user.id };
  }

  async function followedItem(title: string, followers: string[]) {
    const slug = `mail-${randomUUID().slice(0, 8)}`;
    const [item] = await sql<{ id: string }>(
      `insert into public.content_items (slug, title, content_type, status, published_at)
       values ($1, $2, 'software', 'published', now()) returning id::text`,
      [slug, title],
    );
    for (const userId of followers)
      await sql("insert into public.follows (user_id, target_type, content_id) values ($1, 'item', $2)", [
        userId,
        item!.id,
      ]);
    return { id: item!.id, slug };
  }

  const release = (contentId: string, version: string) =>
    sql(
      `insert into public.item_signals (content_id, signal, source, value_text, as_of) values ($1, 'github_release', 'github', $2, now())
       on conflict (content_id, signal) do update set value_text = excluded.value_text`,
      [contentId, version],
    );

  it('mails a notification at once with its link, the settings and a one-click unsubscribe that works once and again', async () => {
    const reader = await signUp('instant-reader', { item_updates: 'instant' });
    const item = await followedItem('Mailbench', [reader.userId]);
    await release(item.id, 'v1');
    await release(item.id, 'v2');

    const mail = await waitForSmtpMail(smtp, reader.email);
    const headers = headersOf(mail.raw);
    expect(headers.get('subject')).toBe('Mailbench released v2');
    expect(headers.get('x-sciai-mail-kind')).toBe('notification');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(https:\/\/sciai\.example\/unsubscribe\?token=[A-Za-z0-9_.-]+)>$/.exec(
      headers.get('list-unsubscribe') ?? '',
    )?.[1];
    expect(unsubscribe).toBeDefined();
    const text = decodedText(mail.raw);
    expect(text).toContain(`${PUBLIC_URL}/tool/${item.slug}`);
    expect(text).toContain(`${PUBLIC_URL}/settings?tab=notifications`);
    expect(text).toContain(`Stop these e-mails: ${unsubscribe}`);

    const local = unsubscribe!.replace(PUBLIC_URL, backend.url);
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Stop these e-mails</button>');
    const preferences = async () =>
      (
        await sql<{ p: unknown }>('select notification_preferences as p from public.user_profiles where id = $1', [
          reader.userId,
        ])
      )[0]!.p;
    expect(await preferences()).toEqual({ email: { item_updates: 'instant' } }); // a GET changes nothing
    for (let time = 0; time < 2; time++) {
      const oneClick = await fetch(local, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain('You will no longer get e-mails about changes to items you follow.');
      expect(await preferences()).toEqual({ email: { item_updates: 'off' } });
    }
    await release(item.id, 'v3');
    const rows = await sql<{ version: string; email_delivery: string | null }>(
      `select payload ->> 'version' as version, email_delivery from public.notifications where user_id = $1 order by id`,
      [reader.userId],
    );
    expect(rows).toEqual([
      { version: 'v2', email_delivery: 'instant' },
      { version: 'v3', email_delivery: null },
    ]);
  });

  it('gathers what waited into one digest, never an empty one, and leaves out what was read', async () => {
    const weekly = await signUp('digest-weekly');
    const reader = await signUp('digest-reader');
    const item = await followedItem('Digestool', [weekly.userId, reader.userId]);
    const [paper] = await sql<{ id: string }>(
      `insert into public.content_items (slug, title, content_type, status, published_at)
       values ($1, 'Digest paper', 'paper', 'published', now()) returning id::text`,
      [`digest-paper-${randomUUID().slice(0, 8)}`],
    );
    await release(item.id, 'v1');
    await release(item.id, 'v2');
    await release(item.id, 'v3');
    await sql(
      "insert into public.item_relations (content_id, related_id, relation, source) values ($1, $2, 'publication', 'biotools')",
      [item.id, paper!.id],
    );
    await sql('update public.notifications set read_at = now() where user_id = $1', [reader.userId]);
    // a week has passed for everything waiting (item updates are weekly unless chosen otherwise)
    await sql(
      "update public.notifications set created_at = created_at - interval '8 days' where user_id = any ($1::uuid[])",
      [[weekly.userId, reader.userId]],
    );
    await sql(
      "update public.notification_digests set waiting_since = waiting_since - interval '8 days' where user_id = any ($1::uuid[])",
      [[weekly.userId, reader.userId]],
    );

    const mail = await waitForSmtpMail(smtp, weekly.email);
    const headers = headersOf(mail.raw);
    expect(headers.get('subject')).toBe('Your weekly SciAI digest: 3 notifications');
    expect(headers.get('list-unsubscribe')).toMatch(/^<https:\/\/sciai\.example\/unsubscribe\?token=/);
    const text = decodedText(mail.raw);
    expect(text.indexOf('- Digestool: new paper linked, Digest paper')).toBeGreaterThan(0);
    expect(text.indexOf('- Digestool: new paper linked')).toBeLessThan(text.indexOf('- Digestool released v3'));
    expect(text).toContain('- Digestool released v2');
    expect(text).toContain(`${PUBLIC_URL}/tool/${item.slug}`);

    const digestsOf = async (userId: string) =>
      (
        await sql<{ n: number }>(
          "select count(*)::integer as n from public.notification_outbox where recipient_id = $1 and kind = 'notification_digest'",
          [userId],
        )
      )[0]!.n;
    expect(await digestsOf(reader.userId)).toBe(0);
    // nothing waits for the reader any more: the sweep no longer looks at them
    await expect
      .poll(
        async () =>
          (
            await sql<{ waiting: unknown }>(
              'select waiting_since as waiting from public.notification_digests where user_id = $1',
              [reader.userId],
            )
          )[0]?.waiting,
      )
      .toBeNull();
    // another pass finds nothing waiting: no second digest, no empty one
    const [pass] = await sql<{ r: { digests: number } }>('select public.write_notification_digests(5000) as r');
    expect(pass!.r.digests).toBe(0);
    expect(await digestsOf(weekly.userId)).toBe(1);
    expect(smtp.received.filter((received) => received.to.includes(weekly.email))).toHaveLength(1);
    expect(smtp.received.some((received) => received.to.includes(reader.email))).toBe(false);
  });
});
