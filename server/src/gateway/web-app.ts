import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isbot } from 'isbot';
import { localizedPath, matchRoute, splitLocalePath } from '@sciai/core';
import type { Backend } from '../backend.ts';
import { createPageRenderer } from './seo/page-renderer.ts';
import { readRouteModules } from './seo/route-modules.ts';
import { registerSeoRoutes } from './seo/seo-routes.ts';
import { preferredLocale, readI18nPlan } from './seo/page-language.ts';
import { inLanguage } from '../i18n/server-i18n.ts';
import { parsePublicUrl, siteOrigin } from './seo/site-origin.ts';

/** What serving the web app needs; the gateway's own options extend these. */
export interface WebAppOptions {
  /** The embedded backend; absent when a hosted Supabase project serves the APIs. */
  backend: Backend | undefined;
  /** What the browser is told to talk to. */
  publicSupabase: { url: string | undefined; anonKey: string };
  webDist: string;
}

/**
 * The built web app. Paths in the app's route table get index.html with 200, any other path
 * index.html with 404 (the app renders its 404 page), so crawlers never see a soft 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const publicUrl = parsePublicUrl(process.env.PUBLIC_URL);
  const pool = options.backend?.db.pool;
  registerSeoRoutes(app, pool, publicUrl);

  // `backend` tells the app which auth service answers: the embedded one has additions that a
  // hosted project's GoTrue lacks (single-use backup codes), so the app offers them only there.
  const configScript = `window.__SCIAI_CONFIG__ = ${JSON.stringify({
    supabaseUrl: options.publicSupabase.url ?? null,
    supabaseAnonKey: options.publicSupabase.anonKey,
    backend: options.backend ? 'embedded' : 'hosted',
  })};\n`;
  app.get('/config.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(configScript),
  );

  const indexPath = join(options.webDist, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/; the rest may change between builds.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Browsers ask for /favicon.ico whenever a page names no icon (a feed reader, an old bookmark):
  // the site's one icon answers there too, as the SVG it is.
  const faviconPath = join(options.webDist, 'favicon.svg');
  if (existsSync(faviconPath)) {
    const favicon = readFileSync(faviconPath);
    app.get('/favicon.ico', async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
    );
  }
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : undefined;
  // Crawlers read the first HTML: each page's head (and an item's summary) filled in here.
  const renderPage = indexHtml
    ? createPageRenderer({
        indexHtml,
        pool,
        routeModules: readRouteModules(options.webDist),
        i18nPlan: readI18nPlan(options.webDist),
      })
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(rest|auth|ops)\/v1(\/|$)/.test(pathname);
    if (!isPage || !indexHtml) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    const search = request.url.slice(pathname.length);
    const { locale, path } = splitLocalePath(pathname);
    // An English address is everyone's first: a visitor who chose another language, or whose
    // browser prefers one, is sent to it; crawlers read each address as it is.
    if (locale === 'en') {
      const preferred = isbot(request.headers['user-agent'])
        ? 'en'
        : preferredLocale(request.headers.cookie, request.headers['accept-language']);
      reply.header('vary', 'accept-encoding, accept-language, cookie');
      if (preferred !== 'en') {
        return reply
          .code(302)
          .header('cache-control', 'no-cache')
          .header('location', `${localizedPath(preferred, path)}${search}`)
          .send();
      }
    }
    const page = renderPage
      ? await inLanguage(locale, () => renderPage(path, search, siteOrigin(request, publicUrl), locale))
      : undefined;
    if (page?.status === 301) return reply.code(301).header('location', page.location).send();
    const known = matchRoute(path) !== undefined;
    return reply
      .code(page?.status ?? (known ? 200 : 404))
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(compressPage(page?.html ?? indexHtml, request.headers['accept-encoding'], reply));
  });
}

/**
 * The compress plugin hooks routes, and pages are answered by the not-found handler, so pages
 * are compressed here (a few KB; brotli at a fast level costs well under a millisecond).
 */
function compressPage(html: string, acceptEncoding: string | undefined, reply: FastifyReply): string | Buffer {
  const accepted = acceptEncoding ?? '';
  // Detail pages also vary on Accept (JSON-LD for clients that ask for it first).
  if (!reply.getHeader('vary')) reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}
