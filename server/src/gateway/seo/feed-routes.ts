import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import {
  NOTIFICATION_FEED_TOKEN_PATTERN,
  SEARCH_FEED_PATH,
  SEARCH_FEED_QUERY_MAX_LENGTH,
  searchFeedPath,
  searchFeedTitle,
  searchParamsToFilters,
} from '@sciai/core';
import { atomFeed, FEED_SIZE } from './feeds.ts';
import { notificationAtomFeed, type FeedNotification } from './notification-feed.ts';
import { loadSearchFeed } from './search-feed-data.ts';
import { siteOrigin } from './site-origin.ts';
import { TtlCache } from './ttl-cache.ts';

const ATOM = 'application/atom+xml; charset=utf-8';

/** A saved search's feed is the same for everyone: kept a minute here, five in shared caches. */
const SEARCH_FEED_CACHE_MS = 60_000;
const SEARCH_FEED_MAX_AGE_SECONDS = 300;

/** PostgreSQL's answer to a statement that ran out of time (the search's statement timeout). */
const QUERY_CANCELED = '57014';

function notFound(reply: FastifyReply, cacheControl: string) {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', cacheControl).send('Not found');
}

/**
 * docs/product.md#notification-feeds: /feeds/notifications/<token>.atom, a user's private feed
 * (unknown, revoked and malformed tokens alike are a 404; never stored by a shared cache), and
 * /feeds/search.atom?<browse query>, the newest items of a saved search (public, cacheable).
 */
export function registerFeedRoutes(app: FastifyInstance, pool: pg.Pool, publicUrl: string | undefined): void {
  app.get<{ Params: { file: string } }>('/feeds/notifications/:file', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    const token = /^(.*)\.atom$/.exec(request.params.file)?.[1];
    if (!token || !NOTIFICATION_FEED_TOKEN_PATTERN.test(token)) return notFound(reply, 'no-store');
    const hash = createHash('sha256').update(token).digest();
    const { rows } = await pool.query<{ feed_id: string; entries: FeedNotification[] }>(
      'select feed_id, entries from public.notification_feed($1, $2)',
      [hash, FEED_SIZE],
    );
    const feed = rows[0];
    if (!feed) return notFound(reply, 'no-store');
    return reply
      .type(ATOM)
      .header('cache-control', 'private, no-store')
      .send(
        notificationAtomFeed({
          origin: siteOrigin(request, publicUrl),
          feedId: feed.feed_id,
          notifications: feed.entries,
        }),
      );
  });

  const searchFeeds = new TtlCache<string>(SEARCH_FEED_CACHE_MS, 200);
  app.get(SEARCH_FEED_PATH, async (request, reply) => {
    const query = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    if (query.length > SEARCH_FEED_QUERY_MAX_LENGTH) {
      return reply
        .code(414)
        .type('text/plain; charset=utf-8')
        .send(`A feed's search may be at most ${SEARCH_FEED_QUERY_MAX_LENGTH.toLocaleString('en')} characters long.`);
    }
    const year = new Date().getUTCFullYear();
    const { filters } = searchParamsToFilters(query, year);
    const origin = siteOrigin(request, publicUrl);
    const selfPath = searchFeedPath(filters, year);
    try {
      const body = await searchFeeds.get(`${origin} ${selfPath}`, async () => {
        const { entries, domainNames } = await loadSearchFeed(pool, filters, FEED_SIZE);
        return atomFeed({
          origin,
          selfPath,
          title: searchFeedTitle(filters, year, (slug) => domainNames.get(slug) ?? slug),
          entries,
          alternatePath: selfPath.replace(SEARCH_FEED_PATH, '/browse'),
        });
      });
      return reply.type(ATOM).header('cache-control', `public, max-age=${SEARCH_FEED_MAX_AGE_SECONDS}`).send(body);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // A value the database cannot take (the codec lets through nothing it knows of): the query's fault.
      if (typeof code === 'string' && code.startsWith('22')) {
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('This search cannot be read as a browse query.');
      }
      // A search the database could not finish in time (a busy machine): worth asking again later.
      if (code !== QUERY_CANCELED) throw error;
      return reply
        .code(503)
        .header('retry-after', '30')
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The search took too long. Please try again in a minute.');
    }
  });
}
