import type { FastifyRequest } from 'fastify';

/**
 * The site's address, without a trailing slash: PUBLIC_URL when the operator set it, else the
 * origin the request was addressed to (behind a proxy on this machine, its X-Forwarded-Proto and
 * -Host). Mail links point at it and redirects stay on its origin. Set PUBLIC_URL in production:
 * a Host header is the client's to choose.
 */
export function siteUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/**
 * Where a verification may send the browser: `redirectTo` when it is a URL on the site's own
 * origin, else the site root. The check runs on the URL as a browser would resolve it
 * (`//evil.example`, `/\evil.example`, `https:evil.example`, tabs and encoded forms all resolve
 * elsewhere), and the normalised URL is what is returned, never the raw text.
 */
export function safeRedirect(redirectTo: unknown, site: string): string {
  const root = `${site}/`;
  if (typeof redirectTo !== 'string' || redirectTo.trim() === '') return root;
  let resolved: URL;
  try {
    resolved = new URL(redirectTo, root);
  } catch {
    return root;
  }
  if (resolved.origin !== new URL(root).origin || resolved.username || resolved.password) return root;
  resolved.hash = '';
  return resolved.href;
}

/** GoTrue's AsRedirectURL: the answer's fields in the fragment, where servers and logs never see them. */
export function withFragment(url: string, fields: Record<string, string | number>): string {
  const fragment = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) fragment.set(key, String(value));
  return `${url}#${fragment.toString()}`;
}
