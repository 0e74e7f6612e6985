import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, itemPath } from '@sciai/core';
import { serviceClient } from '../support/clients.ts';
import { makeMaintainer, replyCall } from '../support/review-replies.ts';
import { reviewerAs, reviewText, softwareReview, submitReview } from '../support/reviews.ts';
import { createTestItem } from '../support/test-items.ts';
import {
  csvText,
  dumpSlugs,
  get,
  jsonlRecords,
  manifestFor,
  publishedSlugs,
  sitemapPaths,
} from '../support/open-data.ts';

/**
 * The /data dumps (catalog.jsonl.gz, catalog.csv.gz) and /llms-full.txt beside the sitemap and
 * the feeds: every published item in each, as the manifest states, and none that is retracted.
 */
describe('/data dumps, /llms-full.txt, the sitemap and the feeds', () => {
  it('lists every published item in every one of them, with the SHA-256 the manifest states', async () => {
    const slugs = await publishedSlugs();
    const manifest = await manifestFor(slugs.length);
    expect(manifest.files.map((file) => file.name)).toEqual(['catalog.jsonl.gz', 'catalog.csv.gz', 'llms-full.txt']);
    for (const file of manifest.files) {
      // identity: fetch would unpack llms-full.txt's gzip copy (an ETag of its own) itself
      const response = await get(`/${file.name === 'llms-full.txt' ? '' : 'data/'}${file.name}`, {
        'accept-encoding': 'identity',
      });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(file.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    }

    // the files go out as made: gzip to those who take it, else plain, never compressed per request
    const brotliOnly = await get('/llms-full.txt', { 'accept-encoding': 'br' });
    expect(brotliOnly.headers.get('content-encoding')).toBeNull();
    await brotliOnly.body?.cancel();
    const gzipped = await get('/llms-full.txt', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    await gzipped.body?.cancel();

    const { jsonl, csv, llms } = await dumpSlugs();
    expect(jsonl).toEqual(slugs);
    expect(csv).toEqual(slugs);
    const sitemap = await sitemapPaths();
    const { data: types } = await serviceClient()
      .from('content_items')
      .select('slug, content_type')
      .eq('status', 'published');
    for (const { slug, content_type } of types as Array<{ slug: string; content_type: 'software' }>) {
      expect(sitemap).toContain(itemPath(content_type, slug));
      expect(llms).toContain(`${itemPath(content_type, slug)})`);
    }
    expect(llms).toMatch(/^## .+ \(\d+\)$/m);
  });

  it('gives every public field and identifier in the JSON Lines, and the documented columns in the CSV', async () => {
    await manifestFor((await publishedSlugs()).length);
    const lines = await jsonlRecords();
    const paper = lines.find((line) => line.slug === 'alphafold-2-paper')!;
    expect(paper).toMatchObject({
      content_type: 'paper',
      path: '/paper/alphafold-2-paper',
      identifiers: { doi: '10.1038/s41586-021-03819-2' },
      content_license: 'CC-BY-4.0',
    });
    expect(paper.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(paper).not.toHaveProperty('status');
    expect(Papa.parse<string[]>(await csvText()).data[0]).toEqual([...CATALOG_CSV_COLUMNS]);
    const response = await get('/data/catalog.csv.gz');
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="catalog.csv.gz"');
    const again = await get('/data/catalog.csv.gz', { 'if-none-match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
    await response.body?.cancel();
  });

  it("carries each item's published reviews, public fields only: no pending review, no reporter", async () => {
    const item = await createTestItem('software', 'dump-reviewed');
    const [author, newcomer, reporter, maintainer] = await Promise.all([
      reviewerAs('dump-author', { established: true }),
      reviewerAs('dump-newcomer'),
      reviewerAs('dump-reporter', { established: true }),
      reviewerAs('dump-maintainer'),
    ]);
    const shown = await submitReview(author.client, item.id, softwareReview(4, 'a dump'));
    await makeMaintainer(item.id, maintainer.userId);
    expect(
      (await replyCall(maintainer.client, 'reply_to_review', shown.id, 'Thanks for the dump.')).code,
    ).toBeUndefined();
    await submitReview(newcomer.client, item.id, softwareReview(1, 'a pending complaint'));
    expect((await reporter.client.rpc('report_review', { _review_id: shown.id, _reason: 'spam' })).error).toBeNull();

    const recordOf = async () => (await jsonlRecords()).find((line) => line.slug === item.slug);
    await expect
      .poll(async () => (await recordOf())?.reviews, { timeout: 150_000, interval: 2_000 })
      .toMatchObject({
        rating: { other_count: 1, other_average: 4 },
        reviews: [
          {
            id: shown.id,
            rating: 4,
            text: reviewText('a dump'),
            reviewer: { name: 'Dr dump-author' },
            reply: { text: 'Thanks for the dump.', author: { name: 'Dr dump-maintainer', maintainer: true } },
          },
        ],
      });
    const record = JSON.stringify(await recordOf());
    const secrets = [author.userId, newcomer.userId, reporter.userId, reporter.email, maintainer.userId];
    for (const secret of [...secrets, 'a pending complaint']) {
      expect(record).not.toContain(secret);
    }
    expect(record).not.toMatch(/"status"|marked_helpful|reports|is_own/);
  }, 200_000);

  it('drops a retracted item from the dumps, llms-full.txt, the sitemap and the feed, and brings it back', async () => {
    const slug = 'chemcrow';
    const before = await publishedSlugs();
    await manifestFor(before.length);
    const { error } = await serviceClient().from('content_items').update({ status: 'archived' }).eq('slug', slug);
    expect(error).toBeNull();
    try {
      await manifestFor(before.length - 1);
      const { jsonl, csv, llms } = await dumpSlugs();
      expect(jsonl).not.toContain(slug);
      expect(csv).not.toContain(slug);
      expect(llms).not.toContain('/agent/chemcrow)');
      // The sitemap, the feeds and the item pages cache for a few seconds.
      await expect.poll(sitemapPaths, { interval: 500 }).not.toContain('/agent/chemcrow');
      await expect
        .poll(async () => (await get('/feed.xml')).text(), { interval: 500 })
        .not.toContain('/agent/chemcrow<');
      await expect.poll(async () => (await get('/agent/chemcrow.md')).status, { interval: 500 }).toBe(404);
    } finally {
      await serviceClient().from('content_items').update({ status: 'published' }).eq('slug', slug);
    }
    await manifestFor(before.length);
    expect((await dumpSlugs()).jsonl).toContain(slug);
  }, 400_000);
});
