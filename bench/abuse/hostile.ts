import type { ApiHeaders } from './traffic.ts';
import { send, type Answer } from './http.ts';

/**
 * The hardening list's hostile requests (docs/security.md), sent in turn at a steady rate from a
 * few attacker addresses, each always from the same address (the per-address limits apply).
 */
const ATTACKERS = ['203.0.113.7', '203.0.113.8', '203.0.113.9'];

export interface HostileKind {
  name: string;
  send: (address: string) => Promise<Answer>;
}

export function hostileKinds(base: string, { api, json }: ApiHeaders): HostileKind[] {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepSelect =
    'slug,content_domains(scientific_domains(slug,content_domains(content_items(slug,content_domains(scientific_domains(slug,content_domains(content_items(slug))))))))';
  const hugeDomains = Buffer.from(
    JSON.stringify({ search: '', domains: Array.from({ length: 200_000 }, (_, i) => `domain-${i}`) }),
  );
  const largeBody = Buffer.alloc(2 * 1024 * 1024, ' ');
  const deepProfile = Buffer.from(`{"_handle":${deep(50_000)}}`);
  const deepSearch = Buffer.from(`{"search":${deep(50_000)}}`);
  return [
    {
      name: 'deep JSON (50,000 levels) → rpc/public_profile',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/public_profile', { ...json, 'x-forwarded-for': address }, deepProfile),
    },
    {
      name: 'deep JSON (50,000 levels) → rpc/search_items',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, deepSearch),
    },
    {
      name: 'select= embedding 8 levels deep',
      send: (address) =>
        send(base, false, 'GET', `/rest/v1/content_items?select=${deepSelect}&limit=5`, {
          ...api,
          'x-forwarded-for': address,
        }),
    },
    {
      name: 'search_items with 200,000 domains (2.3 MB)',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, hugeDomains),
    },
    {
      name: '2 MiB body with Expect: 100-continue',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/search_items', { ...json, 'x-forwarded-for': address }, largeBody, {
          expectContinue: true,
        }),
    },
    {
      name: 'percent-encoded path, deep select (content%5Fitems)',
      send: (address) =>
        send(base, false, 'GET', `/rest/v1/content%5Fitems?select=${deepSelect}&limit=5`, {
          ...api,
          'x-forwarded-for': address,
        }),
    },
    {
      name: 'percent-encoded path, deep JSON (rpc/search%5Fitems)',
      send: (address) =>
        send(base, false, 'POST', '/rest/v1/rpc/%73earch%5Fitems', { ...json, 'x-forwarded-for': address }, deepSearch),
    },
    {
      // PostgREST's root: the whole OpenAPI document (200 KB), generated for every request
      name: 'OpenAPI document (GET /rest/v1/)',
      send: (address) => send(base, false, 'GET', '/rest/v1/', { ...api, 'x-forwarded-for': address }),
    },
    {
      name: 'percent-encoded traversal (/rest/v1/%2e%2e/%2e%2e/healthz/admin)',
      send: (address) =>
        send(base, false, 'GET', '/rest/v1/%2e%2e/%2e%2e/healthz/admin', { ...api, 'x-forwarded-for': address }),
    },
  ];
}

/** `perSecond` hostile requests, in turn, at most 8 in flight; answers counted by status and code. */
export function startHostile(kinds: HostileKind[], perSecond: number) {
  const byKind = new Map<string, { ms: number[]; answers: Map<string, number> }>();
  let inFlight = 0;
  let skipped = 0;
  let sent = 0;
  const timer = setInterval(
    () => {
      if (perSecond <= 0) return;
      // at most 8 in flight: a slow answer must not make the attack pile up in this process
      if (inFlight >= 8) {
        skipped++;
        return;
      }
      const kind = kinds[sent % kinds.length]!;
      const address = ATTACKERS[sent % ATTACKERS.length]!;
      sent++;
      inFlight++;
      void kind.send(address).then((answer) => {
        inFlight--;
        const entry = byKind.get(kind.name) ?? { ms: [], answers: new Map<string, number>() };
        byKind.set(kind.name, entry);
        entry.ms.push(answer.ms);
        // the status and the refusal's code (SCIAI43x: the gateway's limits; PGRST…: PostgREST)
        let code = '';
        try {
          code = (JSON.parse(answer.body ?? '') as { code?: string }).code ?? '';
        } catch {
          // not JSON
        }
        const key = answer.error
          ? `${answer.status || 'no answer'} ${answer.error}`
          : `${answer.status}${code ? ` ${code}` : ''}${answer.continued ? ' (after 100 Continue)' : ''}`;
        entry.answers.set(key, (entry.answers.get(key) ?? 0) + 1);
      });
    },
    perSecond > 0 ? Math.round(1000 / perSecond) : 60_000,
  );
  return {
    byKind,
    sent: () => sent,
    skipped: () => skipped,
    async stop() {
      clearInterval(timer);
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
