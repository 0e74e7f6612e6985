import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { SITE_NAME } from '@sciai/core';
import { registerFeedRoutes } from './feed-routes.ts';
import { atomFeed, FEED_SIZE } from './feeds.ts';
import { loadFeed, loadSitemapRows } from './page-data.ts';
import { siteOrigin } from './site-origin.ts';
import { buildSitemap, robotsTxt } from './sitemap.ts';
import { TtlCache } from './ttl-cache.ts';

const CACHE_SECONDS = 5;

/**
 * /robots.txt, /sitemap.xml (+ /sitemap-{n}.xml parts), /feed.xml and /feed/{domain}.xml, and the
 * saved-search and private notification feeds (feed-routes.ts).
 * Without a local database (hosted backend) the sitemap lists the static pages and there are
 * no feeds.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  pool: pg.Pool | undefined,
  publicUrl: string | undefined,
): void {
  const documents = new TtlCache<string | undefined>(CACHE_SECONDS * 1_000, 200);
  const send = (reply: FastifyReply, type: string, body: string | undefined) =>
    body === undefined
      ? reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      : reply.type(type).header('cache-control', `public, max-age=${CACHE_SECONDS}`).send(body);
  const noRows = async () => ({ rows: [], total: 0 });

  app.get('/robots.txt', async (request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robotsTxt(siteOrigin(request, publicUrl))),
  );

  const sitemap = async (part: number | undefined, origin: string) =>
    documents.get(`sitemap ${origin} ${part ?? ''}`, () =>
      buildSitemap(part, pool ? (offset, limit) => loadSitemapRows(pool, offset, limit) : noRows, origin),
    );
  app.get('/sitemap.xml', async (request, reply) =>
    send(reply, 'application/xml; charset=utf-8', await sitemap(undefined, siteOrigin(request, publicUrl))),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d{1,6}).xml', async (request, reply) =>
    send(
      reply,
      'application/xml; charset=utf-8',
      await sitemap(Number(request.params.part), siteOrigin(request, publicUrl)),
    ),
  );

  if (!pool) return;
  registerFeedRoutes(app, pool, publicUrl);
  const feed = (domain: string | undefined, origin: string) =>
    documents.get(`feed ${origin} ${domain ?? ''}`, async () => {
      const data = await loadFeed(pool, domain, FEED_SIZE);
      if (!data) return undefined;
      return atomFeed({
        origin,
        selfPath: domain ? `/feed/${domain}.xml` : '/feed.xml',
        title: data.domainName
          ? `${SITE_NAME} — newest in ${data.domainName}`
          : `${SITE_NAME} — newest AI tools for science`,
        entries: data.entries,
      });
    });
  app.get('/feed.xml', async (request, reply) =>
    send(reply, 'application/atom+xml; charset=utf-8', await feed(undefined, siteOrigin(request, publicUrl))),
  );
  app.get<{ Params: { domain: string } }>('/feed/:domain(^[a-z0-9_]{1,100}).xml', async (request, reply) =>
    send(
      reply,
      'application/atom+xml; charset=utf-8',
      await feed(request.params.domain, siteOrigin(request, publicUrl)),
    ),
  );
}
