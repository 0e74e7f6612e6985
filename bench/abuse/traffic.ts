import { randomInt } from 'node:crypto';
import { Agent } from 'node:http';
import { CONTENT_TYPES, FEATURES, ORGANIZATION_SIZES, SORT_OPTIONS, itemPath, type ContentType } from '@sciai/core';
import { send, type Answer } from './http.ts';

/** Normal browsing: visitors in a closed loop, and /healthz polled on a connection of its own. */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export const visitorAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

export interface ApiHeaders {
  api: Record<string, string>;
  json: Record<string, string>;
}

export interface Catalog {
  items: Array<{ slug: string; title: string; content_type: ContentType }>;
  domainSlugs: string[];
  words: string[];
}

/** What visitors look at: the published catalog's slugs and the words of its titles. */
export async function readCatalog(base: string, { api }: ApiHeaders): Promise<Catalog> {
  const catalogAnswer = await send(
    base,
    false,
    'GET',
    '/rest/v1/content_items?select=slug,title,content_type&status=eq.published&limit=1000',
    { ...api, 'x-forwarded-for': visitorAddress() },
    undefined,
    { keepBody: true },
  );
  const items = JSON.parse(catalogAnswer.body ?? '[]') as Catalog['items'];
  const domainsAnswer = await send(
    base,
    false,
    'GET',
    '/rest/v1/scientific_domains?select=slug',
    { ...api, 'x-forwarded-for': visitorAddress() },
    undefined,
    { keepBody: true },
  );
  const domainSlugs = (JSON.parse(domainsAnswer.body ?? '[]') as Array<{ slug: string }>).map((row) => row.slug);
  const words = [
    ...new Set(
      items.flatMap((item) =>
        item.title
          .toLowerCase()
          .split(/[^a-z0-9-]+/)
          .filter((word) => word.length >= 4),
      ),
    ),
  ];
  if (items.length === 0 || words.length === 0 || domainSlugs.length === 0) {
    throw new Error(`no catalog to browse: ${catalogAnswer.status} ${catalogAnswer.body?.slice(0, 200)}`);
  }
  return { items, domainSlugs, words };
}

/** A search a visitor might make: 1–2 title words, 0–2 filters, a sort, a page, a year range. */
function searchBody({ words, domainSlugs }: Catalog): string {
  const body: Record<string, unknown> = {
    search: Array.from({ length: 1 + randomInt(2) }, () => pick(words)).join(' '),
    sort_by: randomInt(3) === 0 ? pick(SORT_OPTIONS) : 'relevance',
    page_offset: randomInt(4) === 0 ? 20 : 0,
    page_size: 20,
  };
  if (randomInt(4) === 0) body.search = '';
  const filters = randomInt(3);
  for (let i = 0; i < filters; i++) {
    const kind = randomInt(4);
    if (kind === 0) body.domains = [pick(domainSlugs)];
    else if (kind === 1) body.content_types = [pick(CONTENT_TYPES)];
    else if (kind === 2) body.features = [pick(FEATURES)];
    else body.organization_sizes = [pick(ORGANIZATION_SIZES), pick(ORGANIZATION_SIZES)];
  }
  // the year range makes nearly every query a new one for the search cache
  if (randomInt(2) === 0) body.year_to = 1990 + randomInt(37);
  if (randomInt(3) === 0) body.year_from = 1950 + randomInt(40);
  return JSON.stringify(body);
}

export interface VisitorError {
  name: string;
  status: number;
  error?: string;
  at_s: number;
  body?: string;
}

/**
 * `count` visitors, each a closed loop (its next request starts when the last is answered): the
 * landing page, the domains, a search or two each followed by record_search, an item's page.
 */
export function startVisitors(base: string, headers: ApiHeaders, catalog: Catalog, count: number, startedAt: number) {
  const { api, json } = headers;
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const byRequest = new Map<string, { ms: number[]; statuses: Map<string, number> }>();
  const errors: VisitorError[] = [];
  const record = (name: string, answer: Answer) => {
    const entry = byRequest.get(name) ?? { ms: [], statuses: new Map<string, number>() };
    byRequest.set(name, entry);
    entry.ms.push(answer.ms);
    const key = answer.error ?? String(answer.status);
    entry.statuses.set(key, (entry.statuses.get(key) ?? 0) + 1);
    if (answer.error || answer.status >= 400) {
      errors.push({
        name,
        status: answer.status,
        error: answer.error,
        at_s: Math.round((performance.now() - startedAt) / 1000),
        body: answer.body?.slice(0, 300),
      });
    }
  };
  let running = true;

  async function visitorLoop() {
    while (running) {
      const visitor = { 'x-forwarded-for': visitorAddress(), 'user-agent': BROWSER };
      const get = async (name: string, path: string, withKey = true) =>
        record(
          name,
          await send(base, agent, 'GET', path, withKey ? { ...visitor, ...api } : visitor, undefined, {
            keepBody: true,
          }),
        );
      const rpc = async (name: string, body: string) => {
        const answer = await send(base, agent, 'POST', `/rest/v1/rpc/${name}`, { ...visitor, ...json }, body, {
          keepBody: true,
        });
        record(name, answer);
        return answer;
      };
      await get('page /', '/', false);
      if (!running) break;
      await get('config.js', '/config.js', false);
      await get('scientific_domains', '/rest/v1/scientific_domains?select=*&order=name');
      await get('domain_counts', '/rest/v1/domain_counts?select=domain_id,count');
      if (!running) break;
      for (let search = 0; search < 1 + randomInt(2) && running; search++) {
        const body = searchBody(catalog);
        const answer = await rpc('search_items', body);
        const term = (JSON.parse(body) as { search: string }).search;
        if (term && answer.status === 200) {
          const total = (JSON.parse(answer.body ?? '{}') as { total?: number }).total ?? 0;
          await rpc('record_search', JSON.stringify({ term, result_count: total }));
        }
      }
      if (!running) break;
      const item = pick(catalog.items);
      await get('detail page (HTML)', itemPath(item.content_type, item.slug), false);
      await rpc('item_details', JSON.stringify({ slugs: [item.slug] }));
      await rpc('related_items', JSON.stringify({ item_slug: item.slug, max_items: 4 }));
      await rpc('record_item_view', JSON.stringify({ item_slug: item.slug }));
    }
  }

  const loops = Array.from({ length: count }, () => visitorLoop());
  return {
    byRequest,
    errors,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

export interface HealthAnswer {
  ms: number;
  status: number;
  error?: string;
  /** how the answer judged PostgREST: its recent answers to visitors, or its admin /ready */
  postgrest_checked?: string;
}

/** /healthz every `everyMs` from a connection of its own, with what each answer reported. */
export function startHealthPolling(base: string, everyMs: number, startedAt: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const answers: HealthAnswer[] = [];
  const failures: Array<{ at_s: number; status: number; error?: string; body?: string }> = [];
  const databasePing: number[] = [];
  let gatewayLoop: { p99_ms: number; max_ms: number } | undefined;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await send(base, agent, 'GET', '/healthz', {}, undefined, { keepBody: true, timeoutMs: 10_000 });
      if (answer.status !== 200 && failures.length < 10) {
        failures.push({
          at_s: Math.round((performance.now() - startedAt) / 1000),
          status: answer.status,
          error: answer.error,
          body: answer.body?.slice(0, 500),
        });
      }
      let checked: string | undefined;
      try {
        const parsed = JSON.parse(answer.body ?? '') as {
          event_loop?: { p99_ms: number; max_ms: number };
          database?: { latency_ms?: number };
          postgrest?: { checked?: string };
        };
        gatewayLoop = parsed.event_loop ?? gatewayLoop;
        if (parsed.database?.latency_ms !== undefined) databasePing.push(parsed.database.latency_ms);
        checked = parsed.postgrest?.checked;
      } catch {
        // not JSON: counted by its status
      }
      answers.push({ ms: answer.ms, status: answer.status, error: answer.error, postgrest_checked: checked });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  return {
    answers,
    failures,
    databasePing,
    gatewayLoop: () => gatewayLoop,
    async stop() {
      running = false;
      await loop;
      agent.destroy();
    },
  };
}
