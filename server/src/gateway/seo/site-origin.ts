import type { FastifyRequest } from 'fastify';

/**
 * The absolute origin for canonical links, sitemaps and feeds: PUBLIC_URL when set (it should
 * be in production, so links never depend on a request's Host header), else the request's own
 * protocol and host.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** PUBLIC_URL without its trailing slash; undefined when unset, an error when not http(s). */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be http(s), got "${trimmed}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
