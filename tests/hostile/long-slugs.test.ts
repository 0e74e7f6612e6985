import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runCsvImport, type ImportDomain } from '@sciai/core';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';
import { domainsOf, rpcOf, stageAndCommit } from '../support/csv-import.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * The longest title the catalog takes (300 characters) still makes a slug every address of the
 * item answers to: the page, its Markdown, its badge and its JSON-LD. Whatever writes the item
 * (a contribution approved, a CSV import, rows staged by an older client), the slug holds at most
 * 100 characters; a path segment no slug can be is a plain 404, not the router's 414.
 */
const backend = inject('backend');

/** docs/product.md#slugs */
const SLUG_MAX_LENGTH = 100;

const PREFIX: Record<string, string> = { software: 'tool', paper: 'paper', company: 'company', agent: 'agent' };

/** A title of words, `length` characters long, unique to this run. */
function longTitle(length: number): string {
  const tag = randomUUID().slice(0, 8);
  return `Long ${tag} ${'protein structure prediction '.repeat(20)}`.slice(0, length).trim();
}

async function expectEveryAddress(contentType: string, slug: string): Promise<void> {
  expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  const path = `/${PREFIX[contentType]}/${slug}`;
  const statuses = {
    page: (await send(backend, path, { headers: { accept: 'text/html' } })).status,
    markdown: (await send(backend, `${path}.md`)).status,
    badge: (await send(backend, `/badge${path}.svg`)).status,
    jsonLd: (await send(backend, path, { headers: { accept: 'application/ld+json' } })).status,
  };
  expect(statuses, path).toEqual({ page: 200, markdown: 200, badge: 200, jsonLd: 200 });
}

async function slugOf(title: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ slug: string }>(
      'select slug from public.content_items where title = $1 order by created_at, slug',
      [title],
    );
    return rows.map((row) => row.slug);
  });
}

describe('long titles make slugs every address answers to', () => {
  let contributor: SignedInUser;
  let moderator: SignedInUser;
  let domains: string[];
  let importDomains: ImportDomain[];

  beforeAll(async () => {
    [contributor, moderator] = await Promise.all([signedInAs('user', 'long-slug'), signedInAs('moderator')]);
    domains = await domainIds(contributor.client);
    importDomains = await domainsOf(serviceClient());
  });

  it('an approved contribution with a 300-character title, twice', async () => {
    const title = longTitle(300);
    const slugs: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const draft = validDraft([domains[0]!], { title });
      const id = await submit(contributor.client, contributor.userId, rowOf(draft));
      const { data, error } = await moderator.client.rpc('approve_submission', { submission_id: id });
      expect(error).toBeNull();
      const approved = data as { slug: string; content_type: string };
      await expectEveryAddress(approved.content_type, approved.slug);
      slugs.push(approved.slug);
    }
    expect(slugs[1]).toBe(`${slugs[0]!.slice(0, SLUG_MAX_LENGTH - 2).replace(/-+$/, '')}-2`);
    await expectHealthy(backend);
  });

  it('imported rows with long titles, the same title twice, and a long slug staged by an older client', async () => {
    const title = longTitle(300);
    const csv = `title,abstract,doi\n"${title}",An abstract.,10.5555/long.${randomUUID()}\n"${title}",Another.,10.5555/long.${randomUUID()}\n`;
    const { outcome } = await runCsvImport(
      csv,
      'paper',
      { call: rpcOf(serviceClient()), domains: importDomains },
      { fileName: 'long.csv' },
    );
    expect(outcome?.inserted).toBe(2);
    const slugs = await slugOf(title);
    expect(new Set(slugs).size).toBe(2);
    for (const slug of slugs) await expectEveryAddress('paper', slug);

    const staged = longTitle(280);
    const answer = await stageAndCommit(rpcOf(serviceClient()), 'paper', [
      { row_number: 2, title: staged, slug: 'a'.repeat(150), abstract: 'x', doi: `10.5555/long.${randomUUID()}` },
    ]);
    expect(answer.error).toBeNull();
    const [stagedSlug] = await slugOf(staged);
    expect(stagedSlug).toBe('a'.repeat(SLUG_MAX_LENGTH));
    await expectEveryAddress('paper', stagedSlug!);
    await expectHealthy(backend);
  });

  it('answers a path segment longer than any slug with 404, not 414', async () => {
    for (const length of [SLUG_MAX_LENGTH + 1, 150, 400, 2_000]) {
      const segment = 'a'.repeat(length);
      for (const [path, accept] of [
        [`/tool/${segment}`, 'text/html'],
        [`/tool/${segment}`, 'application/ld+json'],
        [`/tool/${segment}.md`, '*/*'],
        [`/badge/tool/${segment}.svg`, '*/*'],
      ] as const) {
        const answer = await send(backend, path, { headers: { accept } });
        expect(answer.status, `${length} characters: ${path.slice(0, 20)}… ${accept}`).toBe(404);
      }
    }
    await expectHealthy(backend);
  });
});
