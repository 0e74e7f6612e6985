import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  figureLabel,
  ITEM_ROUTE_PREFIX,
  itemJsonLd,
  itemMarkdown,
  itemPath,
  llmsTxt,
  OPEN_DATA_FILES,
  parseItemPath,
  currentLocale,
  isLocale,
  SITE_NAME,
  SLUG_MAX_LENGTH,
  t,
  TOP_REVIEWS,
  type PublicItem,
} from '@sciai/core';
import { inLanguage } from '../../i18n/server-i18n.ts';
import { REPO_ROOT } from '../../config.ts';
import { withReviews } from '../../open-data/item-reviews.ts';
import { LLMS_FULL_GZIP } from '../../open-data/generate-open-data.ts';
import { readManifest } from '../../open-data/open-data-refresher.ts';
import { siteOrigin } from '../seo/site-origin.ts';
import { TtlCache } from '../seo/ttl-cache.ts';
import { prefersJsonLd } from './accept.ts';
import { badgeCount, badgeSvg } from './badge-svg.ts';

/** A slug as the catalog writes them (SLUG_MAX_LENGTH, docs/product.md#slugs); anything else is not an item. */
const SLUG = `^[a-z0-9][a-z0-9-]{0,${SLUG_MAX_LENGTH - 1}}`;
const SLUG_PATTERN = new RegExp(`${SLUG}$`);
const BADGE_SECONDS = 3_600;

/** The README's MCP section, served as /docs/mcp.md so /llms.txt can point at it. */
function readmeMcpSection(): string | undefined {
  const path = join(REPO_ROOT, 'README.md');
  if (!existsSync(path)) return undefined;
  const readme = readFileSync(path, 'utf8');
  const start = readme.indexOf('\n## SciAI in an AI assistant (MCP)');
  if (start < 0) return undefined;
  const end = readme.indexOf('\n## ', start + 1);
  return `${readme.slice(start + 1, end < 0 ? undefined : end).trim()}\n`;
}

async function loadPublicItem(pool: pg.Pool, slug: string): Promise<PublicItem | undefined> {
  const { rows } = await pool.query<{ item: PublicItem | null }>(
    'select public.item_details(array[$1]::text[]) -> 0 as item',
    [slug],
  );
  const item = rows[0]?.item;
  return item ? (await withReviews(pool, [item], TOP_REVIEWS))[0] : undefined;
}

const open = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

/**
 * SciAI for every client: item pages as JSON-LD (Accept) and Markdown (.md), /llms.txt and
 * /llms-full.txt, the /data dumps and the README badges. Generated files are read from
 * `directory` (open-data-refresher.ts makes them); a request never generates anything.
 */
export function registerOpenDataRoutes(
  app: FastifyInstance,
  pool: pg.Pool,
  directory: string,
  publicUrl: string | undefined,
): { forgetItems(): void } {
  const items = new TtlCache<PublicItem | undefined>(30_000, 2_000);
  const itemBySlug = (slug: string) =>
    SLUG_PATTERN.test(slug) ? items.get(slug, () => loadPublicItem(pool, slug)) : Promise.resolve(undefined);
  const mcpDocs = readmeMcpSection();

  // JSON-LD for a detail address when the client asks for it first (and only then: browsers get
  // the page). Before routing: the pages themselves are the web app's not-found handler.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    const target = parseItemPath(pathname);
    if (!target) return;
    reply.header('vary', 'accept, accept-encoding');
    if (!prefersJsonLd(request.headers.accept)) return;
    const item = await itemBySlug(target.slug);
    open(reply).header('cache-control', 'public, max-age=60');
    if (!item || item.content_type !== target.contentType) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not found' });
    }
    return reply
      .type('application/ld+json; charset=utf-8')
      .header('link', `<${siteOrigin(request, publicUrl)}${itemPath(item.content_type, item.slug)}>; rel="canonical"`)
      .send(JSON.stringify(itemJsonLd(item, siteOrigin(request, publicUrl))));
  });

  for (const [type, prefix] of Object.entries(ITEM_ROUTE_PREFIX)) {
    app.get<{ Params: { slug: string } }>(`/${prefix}/:slug(${SLUG}).md`, async (request, reply) => {
      const item = await itemBySlug(request.params.slug);
      open(reply).header('cache-control', 'public, max-age=60');
      if (!item || item.content_type !== type) {
        return reply.code(404).type('text/markdown; charset=utf-8').send('# Not found\n');
      }
      return reply.type('text/markdown; charset=utf-8').send(itemMarkdown(item, siteOrigin(request, publicUrl)));
    });

    app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
      `/badge/${prefix}/:slug(${SLUG}).svg`,
      async (request, reply) => {
        const item = await itemBySlug(request.params.slug);
        open(reply)
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', `public, max-age=${item ? BADGE_SECONDS : 300}`)
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        // the badge's words in the language the embedding page asks for (`lang=`), else English
        const lang = isLocale(request.query.lang) ? request.query.lang : 'en';
        if (!item || item.content_type !== type) {
          return reply.code(404).send(
            inLanguage(lang, () =>
              badgeSvg({
                label: SITE_NAME,
                message: t('not listed'),
                color: '#9f9f9f',
                title: t('{site}: not listed', { site: SITE_NAME }),
              }),
            ),
          );
        }
        const show = typeof request.query.show === 'string' ? request.query.show : '';
        return reply.send(inLanguage(lang, () => badgeFor(item, show === 'stars' || show === 'citations' ? show : '')));
      },
    );
  }

  app.get('/llms.txt', async (request, reply) =>
    open(reply)
      .type('text/markdown; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(llmsTxt(siteOrigin(request, publicUrl), { mcpDocs: mcpDocs !== undefined })),
  );
  if (mcpDocs) {
    app.get('/docs/mcp.md', async (_request, reply) =>
      open(reply).type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=3600').send(mcpDocs),
    );
  }

  app.get('/data/manifest.json', async (_request, reply) => {
    const manifest = await readManifest(directory);
    if (!manifest) return notReady(reply);
    return open(reply).header('cache-control', 'public, max-age=30').send(manifest);
  });
  // Sent as generated (gzip or plain): never compressed again on each request.
  app.get('/llms-full.txt', { compress: false }, async (request, reply) => {
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const name = gzip ? LLMS_FULL_GZIP : OPEN_DATA_FILES.llmsFull;
    if (gzip) reply.header('content-encoding', 'gzip');
    reply.header('vary', 'accept-encoding');
    return sendFile(request, reply, name, 'text/markdown; charset=utf-8', OPEN_DATA_FILES.llmsFull);
  });
  for (const name of [OPEN_DATA_FILES.jsonl, OPEN_DATA_FILES.csv]) {
    app.get(`/data/${name}`, { compress: false }, async (request, reply) => {
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return sendFile(request, reply, name, 'application/gzip', name);
    });
  }

  /** A generated file, with its SHA-256 from the manifest as ETag; 503 until the first generation. */
  async function sendFile(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    type: string,
    manifestName: string,
  ) {
    const manifest = await readManifest(directory);
    const entry = manifest?.files.find((file) => file.name === manifestName);
    const path = join(directory, name);
    if (!manifest || !entry || !existsSync(path)) return notReady(reply);
    const etag = `"${entry.sha256}${name === manifestName ? '' : '-gz'}"`;
    open(reply).header('etag', etag).header('cache-control', 'public, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(type).send(createReadStream(path));
  }

  // The refresher saw the catalog change: a retracted or edited item's page and badge follow at
  // once rather than after the cache's half minute.
  return { forgetItems: () => items.clear() };
}

function notReady(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', '60')
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('The open data files are being generated. Try again in a minute.\n');
}

/** Drawn badges, by item and option: the same item and count draw the same SVG. */
const drawnBadges = new Map<string, string>();

/**
 * ?show=stars (software) or ?show=citations (papers) adds the count to the badge, and its source
 * and date to the badge's title (docs/product.md#facts); without a figure read from its source,
 * no count.
 */
function badgeFor(item: PublicItem, show: '' | 'stars' | 'citations'): string {
  const figure = badgeFigure(item, show);
  const key = `${currentLocale()} ${item.slug} ${show} ${item.verified} ${figure ? JSON.stringify(figure) : ''}`;
  const drawn = drawnBadges.get(key);
  if (drawn) return drawn;
  const svg = drawBadge(item, show);
  if (drawnBadges.size >= 5_000) drawnBadges.clear();
  drawnBadges.set(key, svg);
  return svg;
}

function badgeFigure(item: PublicItem, show: '' | 'stars' | 'citations') {
  if (show === 'stars' && item.software) return item.figures?.github_stars;
  if (show === 'citations' && item.paper) return item.figures?.citations;
  return undefined;
}

function drawBadge(item: PublicItem, show: '' | 'stars' | 'citations'): string {
  const parts = [item.verified ? t('verified ✓') : t('listed')];
  const figure = badgeFigure(item, show);
  const value = figure ? Math.round(figure.value) : 0;
  if (figure && value > 0) {
    parts.push(
      show === 'stars'
        ? `★ ${badgeCount(value)}`
        : t('{count, plural, one {{shown} citation} other {{shown} citations}}', {
            count: value,
            shown: badgeCount(value),
          }),
    );
  }
  const provenance =
    figure && value > 0 ? ` (${figureLabel(show === 'stars' ? 'github_stars' : 'citations', figure)})` : '';
  const message = parts.join(' · ');
  return badgeSvg({
    label: t('Listed on {site}', { site: SITE_NAME }),
    message,
    color: item.verified ? '#1c7ed6' : '#4c1',
    title: t('{title}: listed on {site}, {message}{provenance}', {
      title: item.title,
      site: SITE_NAME,
      message,
      provenance,
    }),
  });
}
