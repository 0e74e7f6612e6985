import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { HttpFailure, type RawFetch, type RawResponse } from '@sciai/core/sources';
import { classifyAddress, isPrivateName, isPublicAddress } from './address-policy.ts';

/**
 * Every request the server or the CLI makes to a host it did not choose itself (a source's API,
 * an item's homepage, a webhook) goes through this fetch. What the catalog or an outside answer
 * names is attacker-controlled, so it may only reach global unicast addresses:
 * - an address in the URL is judged as written (in every spelling, embeddings unwrapped);
 * - a name is resolved once, when the connection is opened; every address it resolves to is
 *   judged, and the socket connects to the address that was judged (Host and SNI stay the name),
 *   so a name that changes its answer between a check and a connection gains nothing;
 * - redirects are followed here, one hop at a time, each hop judged like the first, and
 *   credentials are dropped when a hop leaves the origin.
 * What the operator configured (a mirror's base URL, a listed host) is trusted as written: that
 * is how a fixture server on loopback or a mirror on the local network is reached.
 */

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedFetchOptions {
  /** Targets the operator configured, reached whatever their address. None by default. */
  trusts?: (url: URL) => boolean;
  /** How names are resolved (the system resolver, getaddrinfo, by default). */
  resolve?: Resolve;
  /** Which resolved or written addresses may be reached (global unicast by default). */
  isPublic?: (address: string) => boolean;
  /** Redirects followed at most when the caller asks them followed. */
  maxRedirects?: number;
}

export interface GuardedFetch extends RawFetch {
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the caller's identity, which must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Why a request to this URL is refused before any connection, or undefined. Never asks DNS. */
export function refusalOf(url: URL, isPublic: (address: string) => boolean = isPublicAddress): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https are fetched';
  if (url.username || url.password) return 'URLs with credentials are not fetched';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (classifyAddress(host) || isIP(host)) return isPublic(host) ? undefined : `${url.host} is not a public address`;
  if (isPrivateName(host)) return `${url.host} is not a public name`;
  return undefined;
}

function refused(message: string): HttpFailure {
  return new HttpFailure('refused', message);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's own lookup: resolve once, refuse the name if any of its addresses is not
 * public (a name answering both is a name pointing inward), hand the checked addresses to the
 * socket.
 */
function guardedLookup(resolve: Resolve, isPublic: (address: string) => boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, []);
          return;
        }
        if (answers.some((answer) => !isPublic(answer.address))) {
          callback(refused(`${hostname} resolves to an address that is not public`), []);
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family === 0 ? answers : answers.filter((answer) => answer.family === family);
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, []);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** Makes the guarded fetch: one pool of connections for checked targets, one for trusted ones. */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const trusts = options.trusts ?? (() => false);
  const isPublic = options.isPublic ?? isPublicAddress;
  const maxRedirects = options.maxRedirects ?? 10;
  const checked = new Agent({ connect: { lookup: guardedLookup(options.resolve ?? systemResolve, isPublic) } });
  const trusted = new Agent();

  const send = async (url: URL, headers: Record<string, string>, signal: AbortSignal, agent: Dispatcher) => {
    try {
      return await undiciFetch(url, { headers, signal, redirect: 'manual', dispatcher: agent });
    } catch (error) {
      // The lookup's refusal surfaces as the cause of undici's "fetch failed".
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof HttpFailure) throw cause;
      // A name that does not exist will not exist a second later: no retries.
      if (cause instanceof Error && 'code' in cause && cause.code === 'ENOTFOUND') {
        throw new HttpFailure('network', 'Host not found');
      }
      throw error;
    }
  };

  const guardedFetch = async (url: string, init: Parameters<RawFetch>[1]): Promise<RawResponse> => {
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      throw new HttpFailure('malformed', 'Not a valid URL');
    }
    let headers = { ...init.headers };
    for (let hop = 0; ; hop += 1) {
      const isTrusted = trusts(current);
      if (!isTrusted) {
        const refusal = refusalOf(current, isPublic);
        if (refusal) throw refused(refusal);
      }
      const response = await send(current, headers, init.signal, isTrusted ? trusted : checked);
      const location = response.headers.get('location');
      if (init.redirect === 'manual' || !REDIRECTS.has(response.status) || !location) return response;
      void response.body?.cancel().catch(() => {});
      if (hop >= maxRedirects) throw new HttpFailure('network', `${current.host}: more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new HttpFailure('malformed', `${current.host} redirected to an invalid URL`);
      }
      if (next.origin !== current.origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
        );
      }
      current = next;
    }
  };

  let closing: Promise<void> | undefined;
  return Object.assign(guardedFetch, {
    close: () => (closing ??= Promise.all([checked.close(), trusted.close()]).then(() => {})),
  });
}

/** Trust for the origins an operator set explicitly (a mirror's or a fixture server's base URL). */
export function trustOrigins(urls: Array<string | undefined>): (url: URL) => boolean {
  const origins = new Set<string>();
  for (const value of urls) {
    if (!value) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // Not a URL: nothing to trust.
    }
  }
  return (url) => origins.has(url.origin);
}

/** Trust for listed hosts, `host` or `host:port` (ENRICH_LINK_ALLOW_HOSTS); IPv6 in brackets or bare. */
export function trustHosts(list: string | undefined): (url: URL) => boolean {
  const hosts = new Set(
    (list ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
  return (url) => hosts.has(url.host) || hosts.has(url.hostname) || hosts.has(url.hostname.replace(/^\[(.*)\]$/, '$1'));
}
