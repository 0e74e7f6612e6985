import type { CachedAnswer, PoliteFetch } from '../sources/http.ts';
import type { LinkCheckOptions } from './link-check.ts';
import type { EnrichSource, Signal } from './signals.ts';

/** What an enrich run works on, finds and is given: the shapes shared by its modules. */

export interface EnrichTarget {
  id: string;
  slug: string;
  homepage: string | null;
  repository: string | null;
  doi: string | null;
  openalex: string | null;
  huggingface: string | null;
  sources: EnrichSource[];
}

export interface EnrichLink {
  link: 'homepage' | 'repository';
  url: string;
  ok: boolean;
  /** Not checked: the target is not one the checker may reach. Nothing else is said of it. */
  refused?: true;
  status?: number;
  final_url?: string;
  error?: string;
  ms?: number;
}

export interface EnrichResult {
  id: string;
  source: EnrichSource;
  ok: boolean;
  error?: string;
  signals?: Signal[];
  links?: EnrichLink[];
}

/** Where enrich reads its work and writes its results (RPCs in 12_signals.sql). */
export interface EnrichStore {
  beginRun(sources: EnrichSource[], origin: 'cli' | 'schedule' | 'recheck'): Promise<string>;
  targets(query: {
    sources: EnrichSource[];
    staleSeconds: number;
    maxItems: number;
    afterId: string | null;
    onlyRequested: boolean;
  }): Promise<EnrichTarget[]>;
  recordBatch(runId: string, results: EnrichResult[], requests: number, notModified: number): Promise<void>;
  finishRun(runId: string, error?: string): Promise<void>;
  cacheGet?(urls: string[]): Promise<Record<string, CachedAnswer>>;
  cachePut?(entries: Array<CachedAnswer & { url: string }>): Promise<void>;
}

export interface EnrichOptions {
  store: EnrichStore;
  fetch: PoliteFetch;
  sources: EnrichSource[];
  staleSeconds: number;
  /** Most items looked at in this run. */
  limit?: number;
  /** Items per page (one write per page). */
  pageSize?: number;
  origin?: 'cli' | 'schedule' | 'recheck';
  onlyRequested?: boolean;
  baseUrls?: Partial<Record<EnrichSource, string>>;
  githubToken?: string;
  openalexMailto?: string;
  /** The fetch of link checks, when it differs from the sources' (what each may reach differs). */
  linkFetch?: PoliteFetch;
  vetLink?: LinkCheckOptions['vet'];
  onPage?: (progress: EnrichProgress) => void;
}

export interface EnrichProgress {
  runId: string;
  items: number;
  updated: number;
  failed: number;
  errors: Array<{ slug: string; source: EnrichSource; message: string }>;
}
