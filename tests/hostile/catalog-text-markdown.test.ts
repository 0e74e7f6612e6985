import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * Catalog text is written by contributors, importers and harvested sources. In the Markdown the
 * site serves (item pages as .md, /llms-full.txt) it must read as text: no raw HTML, no link of
 * its own (least of all a javascript: one), no heading or list it was not given by the page.
 */
const backend = inject('backend');

const tag = randomUUID().slice(0, 8);
const TITLE = `Evil ${tag} <img src=x onerror=alert(1)> [click](javascript:alert(1)) *bold* \`code\``;
const hostile = {
  short_description: '<script>alert(1)</script> [x](javascript:alert(2))',
  description: [
    'Intro <iframe src="javascript:alert(3)"></iframe> &#106;avascript:alert(4)',
    '# Injected heading',
    '[link](javascript:alert(5)) ![image](javascript:alert(6)) <javascript:alert(7)> [ref][r]',
    '[r]: javascript:alert(8)',
    '> quoted\n- listed\n1. numbered',
  ].join('\n\n'),
  key_features: ['[feature](javascript:alert(9))', '<b onmouseover=alert(10)>bold</b>', '## heading feature'],
  tags: ['<svg onload=alert(11)>'],
};

/** Every Markdown inline link or image target in the text (an escaped bracket starts none). */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/(?<!\\)\]\(\s*<?([^)\s>]*)/g)].map((match) => match[1]!);
}

/** What would read as HTML or an autolink: `<` followed by a tag, comment, declaration or scheme. */
function rawHtml(markdown: string): string[] {
  return [...markdown.matchAll(/<[a-z!/?][^\n]{0,40}/gi)].map((match) => match[0]);
}

function expectInert(markdown: string, allowedHeadings: RegExp): void {
  expect(rawHtml(markdown)).toEqual([]);
  // http(s), or the site's own path (/llms-full.txt links its items relative to the site)
  for (const target of linkTargets(markdown)) expect(target).toMatch(/^(https?:\/\/|\/[a-z])/);
  // No reference definition a bracket elsewhere could point at.
  expect(markdown).not.toMatch(/^\s{0,3}(?<!\\)\[[^\]\n]+\]:/m);
  for (const line of markdown.split('\n').filter((text) => /^\s{0,3}#/.test(text))) {
    expect(line).toMatch(allowedHeadings);
  }
  expect(markdown).not.toMatch(/^\s{0,3}>\s*quoted/m);
  expect(markdown).not.toMatch(/^\s{0,3}[-*+] (listed|heading feature|\[feature)/m);
}

describe('catalog text in the Markdown the site serves', () => {
  let slug = '';

  beforeAll(async () => {
    slug = `evil-markdown-${tag}`;
    await withDatabase((db) =>
      db.query(
        `insert into public.content_items (slug, title, description, short_description, content_type, url, status,
           published_at, key_features, tags)
         values ($1, $2, $3, $4, 'software', $5, 'published', now(), $6, $7)`,
        [
          slug,
          TITLE,
          hostile.description,
          hostile.short_description,
          `https://example.org/${tag}?q=<b>`,
          hostile.key_features,
          hostile.tags,
        ],
      ),
    );
  });
  afterAll(async () => {
    await withDatabase((db) => db.query('delete from public.content_items where slug = $1', [slug]));
  });

  it('writes an item page (.md) without raw HTML, foreign links or injected blocks', async () => {
    const answer = await send(backend, `/tool/${slug}.md`);
    expect(answer.status).toBe(200);
    const markdown = String(answer.body);
    expectInert(markdown, /^(# Evil |## (Description|Key features)$)/);
    // The text is all there, shown as written.
    expect(markdown).toContain(`# Evil ${tag} &lt;img src=x onerror=alert(1)&gt; \\[click\\](javascript:alert(1))`);
    expect(markdown).toContain('\\# Injected heading');
    expect(markdown).toContain('- \\[feature\\](javascript:alert(9))');
    // The item's own address is a link target, encoded so it cannot end early.
    expect(markdown).toContain(`- Website: https://example.org/${tag}?q=%3Cb%3E`);
    await expectHealthy(backend);
  });

  it('lists the item in /llms-full.txt without raw HTML or foreign links', async () => {
    let llms = '';
    await expect
      .poll(
        async () => {
          const answer = await send(backend, '/llms-full.txt', { waitMs: 30_000 });
          llms = answer.status === 200 ? String(answer.body) : '';
          return llms.includes(`/tool/${slug})`);
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true);
    const line = llms.split('\n').find((text) => text.includes(`/tool/${slug})`))!;
    expectInert(line, /^$/);
    expect(line).toMatch(new RegExp(`^- \\[Evil ${tag} &lt;img`));
    await expectHealthy(backend);
  }, 180_000);
});
