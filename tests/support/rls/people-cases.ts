import { randomInt } from 'node:crypto';
import { orcidCheckCharacter } from '@sciai/core';
import {
  ADMIN,
  admin,
  EVERYONE,
  NOBODY,
  insertAsOwner,
  owner,
  publishedItem,
  type MatrixContext,
  type TableCase,
} from './matrix.ts';

/** People's data: profiles, roles, activity, saves, submissions, the waitlist, settings and mail. */
export const PEOPLE_CASES: readonly TableCase[] = [
  {
    table: 'user_profiles',
    key: 'id',
    target: async (context) => {
      await context.ownerSql('insert into public.user_profiles (id) values ($1) on conflict (id) do nothing', [
        owner(context),
      ]);
      return owner(context);
    },
    // The profile is made by a trigger at sign-up; an insert is tried after removing it.
    insertRow: async (context) => {
      await context.ownerSql('delete from public.user_profiles where id = $1', [owner(context)]);
      return { id: owner(context) };
    },
    change: (context) => ['bio', `changed ${context.unique()}`],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: ['owner'], update: ['owner', 'admin'], delete: NOBODY },
    runsAlone: "an insert cell removes the owner's profile for a while; the owner's other cells run with one",
  },
  {
    table: 'user_roles',
    key: 'id',
    // The owner keeps only the default role between cells, so no cell makes them staff.
    target: async (context) => {
      await withoutExtraRoles(context);
      return insertAsOwner(context, 'user_roles', { user_id: owner(context), role: 'verified_researcher' });
    },
    insertRow: async (context) => {
      await withoutExtraRoles(context);
      return { user_id: owner(context), role: 'moderator' };
    },
    change: () => ['role', 'moderator'],
    allowed: { select: ['owner', 'admin'], insert: ADMIN, update: ADMIN, delete: ADMIN },
    runsAlone: 'an allowed insert or update makes the owner a moderator until the next cell',
  },
  {
    table: 'user_activity',
    key: 'id',
    target: (context) =>
      insertAsOwner(context, 'user_activity', { user_id: owner(context), activity_type: 'rls_probe' }),
    insertRow: async (context) => ({ user_id: owner(context), activity_type: 'rls_probe' }),
    change: () => ['activity_type', 'rls_changed'],
    allowed: { select: ['owner', 'admin'], insert: ['owner'], update: NOBODY, delete: NOBODY },
  },
  {
    table: 'waitlist_signups',
    key: 'id',
    target: (context) => insertAsOwner(context, 'waitlist_signups', { email: `rls-${context.unique()}@example.org` }),
    insertRow: async (context) => ({ email: `rls-${context.unique()}@example.org` }),
    change: () => ['referral_source', 'changed'],
    allowed: { select: ADMIN, insert: EVERYONE, update: NOBODY, delete: ADMIN },
  },
  {
    table: 'user_saved_items',
    key: 'id',
    target: async (context) =>
      insertAsOwner(context, 'user_saved_items', {
        user_id: owner(context),
        content_id: await publishedItem(context),
      }),
    insertRow: async (context) => ({ user_id: owner(context), content_id: await publishedItem(context) }),
    change: () => ['saved_at', '2020-01-01T00:00:00+00:00'],
    // a save is made or removed, never moved to another item (that would steer the counts)
    allowed: { select: ['owner'], insert: ['owner'], update: NOBODY, delete: ['owner'] },
  },
  {
    table: 'content_submissions',
    key: 'id',
    target: (context) => insertAsOwner(context, 'content_submissions', submission(context)),
    insertRow: async (context) => submission(context),
    change: () => ['status', 'approved'],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: ['owner'], update: NOBODY, delete: NOBODY },
  },
  {
    // Who contributed an approved item: for the contributor and staff only; approving writes it.
    table: 'content_item_credits',
    key: 'content_id',
    target: async (context) =>
      insertAsOwner(
        context,
        'content_item_credits',
        { content_id: await publishedItem(context), submitted_by: owner(context) },
        'content_id',
      ),
    insertRow: async (context) => ({ content_id: await publishedItem(context), submitted_by: owner(context) }),
    change: (context) => ['submitted_by', admin(context)],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    table: 'site_settings',
    key: 'key',
    target: (context) =>
      insertAsOwner(context, 'site_settings', { key: `rls_${context.unique()}`, value: true }, 'key'),
    insertRow: async (context) => ({ key: `rls_${context.unique()}`, value: true }),
    change: () => ['value', false],
    allowed: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  },
  {
    // Review e-mails waiting to be sent: only the server's outbox mailer works them, not even
    // their recipient. Due in a year, so the test backend's mailer leaves the row alone.
    table: 'notification_outbox',
    key: 'id',
    target: async (context) => insertAsOwner(context, 'notification_outbox', outboxRow(context)),
    insertRow: async (context) => outboxRow(context),
    change: () => ['last_error', 'changed'],
    allowed: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    // Personal API tokens: made only by create_api_token(), listed and revoked by their owner.
    table: 'api_tokens',
    key: 'id',
    target: async (context) => {
      const [row] = await context.ownerSql(
        `insert into public.api_tokens (user_id, name, token_hash, token_prefix, expires_at)
         values ($1, 'RLS probe', sha256(convert_to($2, 'UTF8')), 'sciai_0000', now() + interval '30 days') returning id`,
        [owner(context), context.unique()],
      );
      return String(row!.id);
    },
    insertRow: async (context) => ({ user_id: owner(context), name: 'Forged', token_prefix: 'sciai_0000' }),
    change: () => ['name', 'changed'],
    allowed: { select: ['owner'], insert: NOBODY, update: NOBODY, delete: ['owner'] },
  },
  {
    // Written only by the auth service (the database owner) when an ORCID identity is connected.
    table: 'verified_orcid_ids',
    key: 'user_id',
    target: async (context) => {
      await context.ownerSql(
        `insert into public.verified_orcid_ids (user_id, orcid_id, orcid_name) values ($1, $2, 'RLS probe')
         on conflict (user_id) do update set orcid_id = excluded.orcid_id`,
        [owner(context), randomOrcid()],
      );
      return owner(context);
    },
    insertRow: async (context) => {
      await context.ownerSql('delete from public.verified_orcid_ids where user_id = $1', [owner(context)]);
      return { user_id: owner(context), orcid_id: randomOrcid() };
    },
    change: () => ['orcid_id', randomOrcid()],
    allowed: { select: ['owner', 'moderator', 'admin'], insert: NOBODY, update: NOBODY, delete: NOBODY },
    runsAlone: 'an account has one verified iD: each cell replaces or removes the owner’s',
  },
];

/** A valid ORCID iD nobody else in the run has. */
function randomOrcid(): string {
  const base = `0000000${String(randomInt(100_000_000)).padStart(8, '0')}`;
  return `${base}${orcidCheckCharacter(base)}`.match(/.{4}/g)!.join('-');
}

async function withoutExtraRoles(context: MatrixContext): Promise<void> {
  await context.ownerSql("delete from public.user_roles where user_id = $1 and role <> 'user'", [owner(context)]);
}

/** A notification for the owner, not due for a year. */
function outboxRow(context: MatrixContext): Record<string, unknown> {
  return {
    recipient_id: owner(context),
    kind: 'submission_rejected',
    payload: { submission_id: context.unique(), title: 'RLS probe' },
    next_attempt_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  };
}

/** A valid pending submission by the owner. */
function submission(context: MatrixContext): Record<string, unknown> {
  const suffix = context.unique();
  return {
    submitter_id: owner(context),
    title: `RLS submission ${suffix}`,
    description: 'A tool submitted to test row-level security.',
    short_description: 'A tool for testing.',
    content_type: 'software',
    domains: [context.domainId],
    relationship_to_content: 'user',
  };
}
