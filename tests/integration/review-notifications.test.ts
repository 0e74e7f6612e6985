import { beforeAll, describe, expect, inject, it } from 'vitest';
import { itemPath } from '@sciai/core';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { mailsTo, waitForMail, type Mail } from '../support/mailbox.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

interface OutboxRow {
  kind: string;
  recipient_id: string;
  payload: Record<string, unknown>;
  sent_at: Date | null;
  attempts: number;
}

/** The outbox rows of one submission, read as the table owner (users cannot). */
async function outboxRowsFor(submissionId: string): Promise<OutboxRow[]> {
  return withDatabase(async (db) => {
    const result = await db.query<OutboxRow>(
      `select kind, recipient_id, payload, sent_at, attempts from public.notification_outbox
       where payload ->> 'submission_id' = $1 order by id`,
      [submissionId],
    );
    return result.rows;
  });
}

/** The outbox row once the mailer marked it sent (that happens just after the mail is written). */
async function waitUntilSent(submissionId: string): Promise<OutboxRow> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await outboxRowsFor(submissionId);
    if (row?.sent_at) return row;
    if (Date.now() > deadline)
      throw new Error(`the outbox row of ${submissionId} was not sent: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('review decisions e-mailed to the contributor', () => {
  const { dataDir, url } = inject('backend');
  let moderator: SignedInUser;
  let domains: string[];

  beforeAll(async () => {
    moderator = await signedInAs('moderator', 'review-mail-mod');
    domains = await domainIds(moderator.client);
  });

  /** A fresh contributor with one pending submission of `contentType`. */
  async function contributorWithSubmission(label: string, contentType: 'software' | 'paper' = 'software') {
    const contributor = await signedInAs('user', label);
    const draft = validDraft(domains.slice(0, 1), { contentType });
    if (contentType === 'paper')
      draft.paper = {
        doi: `10.5555/review-mail.${Date.now()}`,
        journal: 'Nature',
        year: '2024',
        authors: ['Ada Author'],
      };
    const submissionId = await submit(contributor.client, contributor.userId, rowOf(draft));
    return { contributor, submissionId, title: draft.title };
  }

  const reviewMail = (to: string, kind: Mail['kind']) => waitForMail(dataDir, to, { kind, timeoutMs: 15_000 });

  it('a rejection sends the contributor a mail naming the submission and the reason', async () => {
    const { contributor, submissionId, title } = await contributorWithSubmission('rejected-contributor');
    const reason = 'Out of scope: this is a <general> chat tool & not for research.';
    const { error } = await moderator.client.rpc('reject_submission', { submission_id: submissionId, reason });
    expect(error).toBeNull();

    const mail = await reviewMail(contributor.email, 'submission_rejected');
    expect(mail.subject).toBe(`Your submission “${title}” was not approved`);
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(`Reason from the moderator:\n${reason}`);
    expect(mail.text).toContain(`${url}/profile`);
    expect(mail.links).toEqual([`${url}/profile`]);
    // The HTML escapes what the moderator wrote.
    expect(mail.html).toContain('this is a &#60;general&#62; chat tool &#38; not for research.');
    expect(mail.html).not.toContain('<general>');

    const row = await waitUntilSent(submissionId);
    expect(row).toMatchObject({ kind: 'submission_rejected', recipient_id: contributor.userId, attempts: 1 });
    expect(row.payload).toMatchObject({ title, reason, content_type: 'software' });
    expect(mailsTo(dataDir, contributor.email).filter((m) => m.kind === 'submission_rejected')).toHaveLength(1);
  });

  it('an approval sends a mail with the link to the published item', async () => {
    const { contributor, submissionId, title } = await contributorWithSubmission('approved-contributor', 'paper');
    const { data, error } = await moderator.client.rpc('approve_submission', { submission_id: submissionId });
    expect(error).toBeNull();
    const approved = data as { slug: string; content_type: 'paper' };

    const mail = await reviewMail(contributor.email, 'submission_approved');
    const itemUrl = `${url}${itemPath('paper', approved.slug)}`;
    expect(itemUrl).toContain('/paper/');
    expect(mail.subject).toBe(`Your submission “${title}” was approved`);
    expect(mail.text).toContain(`See it on SciAI:\n${itemUrl}`);
    expect(mail.text).toContain(`${url}/profile`);
    expect(mail.text).not.toContain('Reason from the moderator');
    expect(mail.links).toEqual([itemUrl, `${url}/profile`]);
    expect(mail.html).toContain(`href="${itemUrl}"`);

    // The link leads to the item: the same slug is published and browsable.
    const { data: details } = await anonClient().rpc('item_details', { slugs: [approved.slug] });
    expect(details).toEqual([expect.objectContaining({ title, status: 'published' })]);
    expect((await waitUntilSent(submissionId)).payload).toMatchObject({ slug: approved.slug, content_type: 'paper' });
  });

  it('a request for changes sends a mail with the reason', async () => {
    const { contributor, submissionId, title } = await contributorWithSubmission('changes-contributor');
    const reason = 'Please add the GitHub URL and a longer description.';
    const { error } = await moderator.client.rpc('request_changes', { submission_id: submissionId, reason });
    expect(error).toBeNull();

    const mail = await reviewMail(contributor.email, 'submission_changes_requested');
    expect(mail.subject).toBe(`Changes requested for your submission “${title}”`);
    expect(mail.text).toContain(`Reason from the moderator:\n${reason}`);
    expect(mail.links).toEqual([`${url}/profile`]);
    expect(await waitUntilSent(submissionId)).toMatchObject({ kind: 'submission_changes_requested', attempts: 1 });
  });

  it('with "Review decisions on my contributions" off, no outbox row and no mail', async () => {
    const { contributor, submissionId } = await contributorWithSubmission('quiet-contributor');
    const off = await contributor.client
      .from('user_profiles')
      .update({ notification_preferences: { contribution_reviews: false } })
      .eq('id', contributor.userId);
    expect(off.error).toBeNull();

    expect(
      (await moderator.client.rpc('reject_submission', { submission_id: submissionId, reason: 'Duplicate entry.' }))
        .error,
    ).toBeNull();
    // A decision that notifies (below) lands after this one: once its mail is out, the quiet one would be too.
    const { contributor: other, submissionId: otherId } = await contributorWithSubmission('loud-contributor');
    expect(
      (await moderator.client.rpc('reject_submission', { submission_id: otherId, reason: 'Duplicate entry.' })).error,
    ).toBeNull();
    await reviewMail(other.email, 'submission_rejected');
    await waitUntilSent(otherId);

    expect(await outboxRowsFor(submissionId)).toEqual([]);
    expect(mailsTo(dataDir, contributor.email).filter((mail) => mail.kind !== 'signup')).toEqual([]);
  });

  it('a decision that fails queues nothing (the row commits with the decision or not at all)', async () => {
    const { contributor, submissionId } = await contributorWithSubmission('twice-contributor');
    expect(
      (await moderator.client.rpc('request_changes', { submission_id: submissionId, reason: 'Needs a DOI.' })).error,
    ).toBeNull();
    // Not pending any more: the second decision is refused and leaves the outbox as it was.
    const again = await moderator.client.rpc('reject_submission', { submission_id: submissionId, reason: 'Too late.' });
    expect(again.error).not.toBeNull();
    const plain = await signedInAs('user', 'not-a-moderator');
    const refused = await plain.client.rpc('reject_submission', {
      submission_id: submissionId,
      reason: 'Not mine to decide.',
    });
    expect(refused.error).not.toBeNull();

    await reviewMail(contributor.email, 'submission_changes_requested');
    const rows = await outboxRowsFor(submissionId);
    expect(rows.map((row) => row.kind)).toEqual(['submission_changes_requested']);
  });

  it('the outbox is closed to visitors, users and moderators, table and functions alike', async () => {
    const contributor = await signedInAs('user', 'outbox-reader');
    for (const client of [anonClient(), contributor.client, moderator.client]) {
      const read = await client.from('notification_outbox').select('*');
      expect(read.error?.code).toBe('42501');
      const write = await client
        .from('notification_outbox')
        .insert({ recipient_id: contributor.userId, kind: 'submission_rejected', payload: {} });
      expect(write.error?.code).toBe('42501');
      for (const [fn, args] of [
        ['claim_notification_batch', { batch_size: 5 }],
        ['mark_notification_sent', { notification_id: 1 }],
        ['mark_notification_failed', { notification_id: 1, error_message: 'x' }],
      ] as const) {
        const call = await client.rpc(fn, args);
        expect(call.error, fn).not.toBeNull();
      }
    }
  });
});
