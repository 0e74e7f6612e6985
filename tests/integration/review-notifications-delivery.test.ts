import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInAs, uniqueEmail, visitor, visitorAddress, withDatabase } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mailsTo } from '../support/mailbox.ts';
import { decodedText, startSmtpServer, waitForSmtpMail, type TestSmtpServer } from '../support/smtp-server.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

describe('review e-mails over SMTP, with links on PUBLIC_URL', () => {
  const PUBLIC_URL = 'https://sciai.example';
  let smtp: TestSmtpServer;
  let backend: TestBackend;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address.startsWith('bounce-') });
    backend = await startTestBackend({
      engine: inject('engine'),
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'SciAI Reviews <reviews@test.example>', PUBLIC_URL },
    });
    // Accounts confirm at once here, so that the only mails the SMTP server sees are the reviews.
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

  async function signUp(label: string, firstName: string) {
    const client = visitor(visitorAddress(), backend.url, backend.anonKey);
    const email = uniqueEmail(label);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: firstName } },
    });
    if (error || !data.user || !data.session) throw error ?? new Error('sign-up gave no session');
    return { client, email, userId: data.user.id };
  }

  it('sends the rejection by SMTP from MAIL_FROM, greeting the contributor, with the profile on PUBLIC_URL', async () => {
    const contributor = await signUp('smtp-contributor', 'Grace');
    const moderator = await signUp('smtp-moderator', 'Mo');
    await withDatabase(
      (db) => db.query(`insert into public.user_roles (user_id, role) values ($1, 'moderator')`, [moderator.userId]),
      backend.connectionString,
    );
    const draft = validDraft((await domainIds(contributor.client)).slice(0, 1));
    const submissionId = await submit(contributor.client, contributor.userId, rowOf(draft));
    const reason = 'The linked repository is archived.';
    expect((await moderator.client.rpc('reject_submission', { submission_id: submissionId, reason })).error).toBeNull();

    const mail = await waitForSmtpMail(smtp, contributor.email);
    expect(mail.from).toBe('reviews@test.example');
    expect(mail.raw).toContain('From: SciAI Reviews <reviews@test.example>');
    expect(mail.raw).toMatch(/^x-sciai-mail-kind: submission_rejected\r?$/im);
    const text = decodedText(mail.raw);
    expect(text).toContain('Hello Grace,');
    expect(text).toContain(draft.title);
    expect(text).toContain(reason);
    expect(text).toContain(`${PUBLIC_URL}/profile`);
    expect(text).not.toContain(backend.url);
    expect(mailsTo(backend.dataDir, contributor.email)).toEqual([]); // nothing in the dev mailbox
    expect(smtp.received.filter((received) => received.to.includes(moderator.email))).toEqual([]);
  });

  it('keeps a mail the SMTP server refuses in the outbox, with the error, to retry later', async () => {
    const contributor = await signUp('bounce-contributor', 'Bo');
    const moderator = await signUp('smtp-moderator-2', 'Mo');
    await withDatabase(
      (db) => db.query(`insert into public.user_roles (user_id, role) values ($1, 'moderator')`, [moderator.userId]),
      backend.connectionString,
    );
    const draft = validDraft((await domainIds(contributor.client)).slice(0, 1));
    const submissionId = await submit(contributor.client, contributor.userId, rowOf(draft));
    expect(
      (await moderator.client.rpc('request_changes', { submission_id: submissionId, reason: 'Add a DOI.' })).error,
    ).toBeNull();

    const failedRow = () =>
      withDatabase(async (db) => {
        const { rows } = await db.query<{ attempts: number; last_error: string | null; sent: boolean; wait: number }>(
          `select attempts, last_error, sent_at is not null as sent, extract(epoch from next_attempt_at - now())::float8 as wait
           from public.notification_outbox where payload ->> 'submission_id' = $1`,
          [submissionId],
        );
        return rows[0];
      }, backend.connectionString);
    const deadline = Date.now() + 15_000;
    let row = await failedRow();
    while (!row?.last_error && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await failedRow();
    }
    expect(row).toMatchObject({ attempts: 1, sent: false });
    expect(row?.last_error).toMatch(/Mailbox unavailable/);
    expect(row?.wait).toBeGreaterThan(20); // backing off, not retried at once
    expect(smtp.received.some((received) => received.to.includes(contributor.email))).toBe(false);
  });
});

interface ClaimedRow {
  id: string;
  kind: string;
  attempts: number;
  email: string;
}

describe('the outbox functions the server works with', () => {
  it('claims due rows once, with the address, and marks them sent or failed with a backoff', async () => {
    const recipient = await signedInAs('user', 'outbox-claims');
    await withDatabase(async (db) => {
      // Uncommitted rows: the backend's own outbox mailer cannot see (or send) them.
      await db.query('begin');
      try {
        // Times relative to the transaction's now(), which is what the claim compares with.
        const insert = `insert into public.notification_outbox (recipient_id, kind, payload, next_attempt_at, sent_at)
                        values ($1, $2, '{"title": "T", "submission_id": "s"}', now() + make_interval(secs => $3),
                                case when $4::boolean then now() end) returning id::text`;
        const due = (await db.query<{ id: string }>(insert, [recipient.userId, 'submission_rejected', 0, false]))
          .rows[0]!.id;
        const alsoDue = (await db.query<{ id: string }>(insert, [recipient.userId, 'submission_approved', -1, false]))
          .rows[0]!.id;
        await db.query(insert, [recipient.userId, 'submission_rejected', 3600, false]); // backing off
        await db.query(insert, [recipient.userId, 'submission_rejected', 0, true]); // already sent

        const claim = async () =>
          (
            await db.query<ClaimedRow>(
              'select id::text, kind, attempts, email from public.claim_notification_batch(100, 300)',
            )
          ).rows.filter((row) => row.email === recipient.email);
        const first = await claim();
        expect(first.map((row) => row.id).sort()).toEqual([due, alsoDue].sort());
        expect(first.every((row) => row.attempts === 1)).toBe(true);
        expect(await claim()).toEqual([]); // leased: not handed out twice

        await db.query('select public.mark_notification_failed($1, $2)', [due, 'connection refused']);
        await db.query('select public.mark_notification_sent($1)', [alsoDue]);
        const { rows } = await db.query<{ id: string; last_error: string | null; sent: boolean; wait: number }>(
          `select id::text, last_error, sent_at is not null as sent, extract(epoch from next_attempt_at - now())::float8 as wait
           from public.notification_outbox where id = any($1::bigint[]) order by notification_outbox.id`,
          [[due, alsoDue]],
        );
        expect(rows[0]).toMatchObject({ id: due, last_error: 'connection refused', sent: false });
        expect(rows[0]!.wait).toBeGreaterThan(25);
        expect(rows[0]!.wait).toBeLessThan(35);
        expect(rows[1]).toMatchObject({ id: alsoDue, last_error: null, sent: true });
      } finally {
        await db.query('rollback');
      }
    });
  });
});
