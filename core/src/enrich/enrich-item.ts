import { fetchCrossrefWork } from '../sources/crossref/client.ts';
import { fetchLatestRelease, fetchRepo } from '../sources/github/client.ts';
import { getJson, type ConditionalCache, type PoliteFetch } from '../sources/http.ts';
import { fetchWork } from '../sources/openalex/client.ts';
import { checkLink, type LinkResult } from './link-check.ts';
import { withCache } from './page-cache.ts';
import type { EnrichLink, EnrichOptions, EnrichResult, EnrichTarget } from './enrich-types.ts';
import {
  githubRepoOf,
  huggingfaceRepoOf,
  readCrossrefCitations,
  readGithubRelease,
  readGithubRepo,
  readHuggingfaceRepo,
  readOpenAlexCitations,
  type EnrichSource,
} from './signals.ts';

/**
 * One item's lookups: every due source at once (the polite layer keeps each source within its
 * limits); a failed source is that item's and source's failure with its reason, never the run's.
 */
export async function enrichItem(
  target: EnrichTarget,
  options: EnrichOptions,
  cache: ConditionalCache | undefined,
): Promise<EnrichResult[]> {
  const fetch = withCache(options.fetch, cache);
  const due = new Set(target.sources.filter((source) => options.sources.includes(source)));
  const jobs: Array<Promise<EnrichResult[]>> = [];
  const attempt = async (source: EnrichSource, work: () => Promise<Omit<EnrichResult, 'id' | 'source'>>) => {
    try {
      return { id: target.id, source, ...(await work()) };
    } catch (error) {
      return { id: target.id, source, ok: false, error: reasonOf(error) };
    }
  };
  const clientOptions = { fetch };
  if (due.has('github')) {
    jobs.push(
      attempt('github', async () => {
        const repo = githubRepoOf(target.repository);
        if (!repo) return { ok: false, error: 'No GitHub repository in the item' };
        const github = {
          ...clientOptions,
          baseUrl: options.baseUrls?.github,
          token: options.githubToken,
        };
        const [body, release] = await Promise.all([
          fetchRepo(repo.owner, repo.name, github),
          fetchLatestRelease(repo.owner, repo.name, github),
        ]);
        if (body === null) return { ok: false, error: `GitHub does not know ${repo.owner}/${repo.name}` };
        return { ok: true, signals: [...readGithubRepo(body), ...readGithubRelease(release)] };
      }).then((result) => [result]),
    );
  }
  if (due.has('openalex') || due.has('crossref')) {
    jobs.push(citations(target, due, options, fetch, attempt));
  }
  if (due.has('huggingface')) {
    jobs.push(
      attempt('huggingface', async () => {
        const repo = huggingfaceRepoOf(target.huggingface);
        if (!repo) return { ok: false, error: 'No Hugging Face id in the item' };
        const base = options.baseUrls?.huggingface ?? 'https://huggingface.co';
        const path = `/api/${repo.kind}/${repo.id.split('/').map(encodeURIComponent).join('/')}`;
        const { json } = await getJson(fetch, new URL(path, base).toString());
        if (json === null) return { ok: false, error: `Hugging Face does not know ${repo.id}` };
        return { ok: true, signals: readHuggingfaceRepo(json) };
      }).then((result) => [result]),
    );
  }
  if (due.has('links')) {
    jobs.push(
      attempt('links', async () => {
        const links: EnrichLink[] = [];
        const check = async (link: EnrichLink['link'], url: string | null) => {
          if (!url) return;
          const result: LinkResult = await checkLink(url, {
            fetch: options.linkFetch ?? options.fetch,
            vet: options.vetLink,
          });
          if (result.refused) {
            links.push({ link, url: result.url, ok: false, refused: true });
            return;
          }
          links.push({
            link,
            url: result.url,
            ok: result.ok,
            ...(result.ms !== undefined ? { ms: result.ms } : {}),
            ...(result.status !== undefined ? { status: result.status } : {}),
            ...(result.finalUrl ? { final_url: result.finalUrl } : {}),
            ...(result.error ? { error: result.error } : {}),
          });
        };
        await Promise.all([
          check('homepage', target.homepage),
          check('repository', target.repository !== target.homepage ? target.repository : null),
        ]);
        return { ok: true, links };
      }).then((result) => [result]),
    );
  }
  return (await Promise.all(jobs)).flat();
}

/** Citations from OpenAlex, and from Crossref when OpenAlex has no answer for the DOI. */
async function citations(
  target: EnrichTarget,
  due: Set<EnrichSource>,
  options: EnrichOptions,
  fetch: PoliteFetch,
  attempt: (source: EnrichSource, work: () => Promise<Omit<EnrichResult, 'id' | 'source'>>) => Promise<EnrichResult>,
): Promise<EnrichResult[]> {
  const results: EnrichResult[] = [];
  if (due.has('openalex')) {
    const openalex = await attempt('openalex', async () => {
      const id = target.openalex ?? target.doi;
      if (!id) return { ok: false, error: 'No DOI or OpenAlex id in the item' };
      const work = await fetchWork(id, {
        fetch,
        baseUrl: options.baseUrls?.openalex,
        mailto: options.openalexMailto,
      });
      if (work === null) return { ok: false, error: `OpenAlex does not know ${id}` };
      return { ok: true, signals: readOpenAlexCitations(work) };
    });
    results.push(openalex);
    if (openalex.ok) return results;
  }
  if (target.doi && (due.has('crossref') || due.has('openalex'))) {
    const doi = target.doi;
    results.push(
      await attempt('crossref', async () => {
        const work = await fetchCrossrefWork(doi, {
          fetch,
          baseUrl: options.baseUrls?.crossref,
          mailto: options.openalexMailto,
        });
        if (work === null) return { ok: false, error: `Crossref does not know ${doi}` };
        return { ok: true, signals: readCrossrefCitations(work) };
      }),
    );
  }
  return results;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
