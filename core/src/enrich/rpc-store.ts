import type { CachedAnswer } from '../sources/http.ts';
import type { EnrichStore, EnrichTarget } from './run-enrich.ts';
import { ENRICH_SOURCES, type EnrichSource } from './signals.ts';

/**
 * The enrich store over the database functions of 12_signals.sql, through whatever calls them:
 * supabase-js's rpc in the CLI, a pg pool in the server's scheduled job. `call` answers the
 * function's result or throws.
 */
export type RpcCall = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

export function rpcEnrichStore(call: RpcCall): EnrichStore {
  return {
    async beginRun(sources, origin) {
      const id = await call('begin_enrich_run', { sources, origin });
      if (typeof id !== 'string') throw new Error('begin_enrich_run answered no run id');
      return id;
    },
    async targets(query) {
      const rows = await call('enrich_targets', {
        sources: query.sources,
        stale_seconds: Math.round(query.staleSeconds),
        max_items: query.maxItems,
        after_id: query.afterId,
        only_requested: query.onlyRequested,
      });
      if (!Array.isArray(rows)) throw new Error('enrich_targets answered something unexpected');
      return rows.map(readTarget);
    },
    async recordBatch(runId, results, requests, notModified) {
      await call('record_enrich_batch', { run_id: runId, results, requests, not_modified: notModified });
    },
    async finishRun(runId, error) {
      await call('finish_enrich_run', { run_id: runId, error: error ?? null });
    },
    async cacheGet(urls) {
      const found = await call('enrich_cache_get', { urls });
      return (typeof found === 'object' && found !== null ? found : {}) as Record<string, CachedAnswer>;
    },
    async cachePut(entries) {
      await call('enrich_cache_put', { entries });
    },
  };
}

function readTarget(row: unknown): EnrichTarget {
  const value = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
  const sources = Array.isArray(value.sources)
    ? value.sources.filter((source): source is EnrichSource => ENRICH_SOURCES.includes(source as EnrichSource))
    : [];
  return {
    id: String(value.id),
    slug: text('slug') ?? String(value.id),
    homepage: text('homepage'),
    repository: text('repository'),
    doi: text('doi'),
    openalex: text('openalex'),
    huggingface: text('huggingface'),
    sources,
  };
}

/** `7d`, `12h`, `30m` or seconds as a number of seconds. */
export function parseStaleAge(value: string): number | undefined {
  const match = value.trim().match(/^(\d{1,6})\s*([smhdw]?)$/i);
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[match[2]!.toLowerCase()] ?? 1;
  return Number(match[1]) * unit;
}
