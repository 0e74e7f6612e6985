import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * With PUBLIC_URL unset, the site's absolute URLs (mail links, canonical and og:url, sitemap,
 * feeds, redirects) are built from the Host the request was addressed to. A Host header is the
 * client's to choose, so only the hosts this server is known by are answered: localhost,
 * 127.0.0.1, [::1] and the HOST it is bound to, on a port it listens on, plus ALLOWED_HOSTS
 * (`name` for any port or `name:port`). Any other Host gets 400 rather than a fallback origin:
 * a link to a host the visitor did not ask for would be wrong either way, and a refusal also
 * stops DNS-rebinding pages from talking to a server on a developer's machine. With PUBLIC_URL
 * set, every absolute URL comes from it and the Host header is never read, so nothing is checked.
 */
export interface KnownHostsOptions {
  publicUrl: string | undefined;
  /** HOST the server is bound to; the wildcard addresses name no host. */
  boundHost: string | undefined;
  /** ALLOWED_HOSTS: comma-separated `name` or `name:port`. */
  allowedHosts: string | undefined;
}

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export function registerKnownHosts(app: FastifyInstance, options: KnownHostsOptions): void {
  if (options.publicUrl) return;
  const names = new Set(LOCAL_NAMES);
  const bound = options.boundHost?.trim().toLowerCase() ?? '';
  if (!WILDCARDS.has(bound)) names.add(bound.includes(':') && !bound.startsWith('[') ? `[${bound}]` : bound);
  const exact = new Set<string>();
  for (const entry of (options.allowedHosts ?? '').split(',')) {
    const host = entry.trim().toLowerCase();
    if (!host) continue;
    if (/:\d+$/.test(host)) exact.add(host);
    else names.add(host);
  }
  const listeningPorts = () =>
    new Set(app.addresses().map((address) => (typeof address === 'string' ? address : String(address.port))));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Health checks come from orchestrators under whatever name they use; they build no URL.
    if (request.url === '/healthz') return;
    if (isKnownHost(request.host.toLowerCase(), names, exact, listeningPorts)) return;
    return reply.code(400).header('cache-control', 'no-store').send({
      code: 'unknown_host',
      message: 'This server does not answer to that host name. Set PUBLIC_URL or ALLOWED_HOSTS to serve it.',
    });
  });
  // What these responses say depends on which of the known hosts was asked for.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/rest/')) appendVary(reply, 'Host');
  });
}

function isKnownHost(host: string, names: Set<string>, exact: Set<string>, ports: () => Set<string>): boolean {
  if (exact.has(host)) return true;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match || !names.has(match[1]!)) return false;
  if (match[2] === undefined) return true;
  const listening = ports();
  // Not listening at all: requests injected in-process (tests), no port to compare with.
  return listening.size === 0 || listening.has(match[2]);
}

function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((value) => value.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/** In production every absolute URL must come from the operator's PUBLIC_URL, never a header. */
export function requirePublicUrlInProduction(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL?.trim()) {
    throw new Error(
      'PUBLIC_URL must be set when NODE_ENV=production: mail links, canonical links, the sitemap and feeds are built from it (e.g. PUBLIC_URL=https://sciai.example).',
    );
  }
}
