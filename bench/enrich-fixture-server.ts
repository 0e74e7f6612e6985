/**
 * The source fixture server of `npm run bench:enrich`, in a process of its own so that the
 * bench's peak RSS is the enrich run's, not the server's answering all its requests as well.
 * Started by bench/enrich.ts with `fork`: sends its sources' base URLs, answers 'counts' with each
 * source's requests and 429s, and stops on 'close'.
 */
import { startSourceFixtureServer } from '../tests/support/source-fixture-server.ts';

export const ENRICH_BENCH_SOURCES = ['github', 'openalex', 'huggingface', 'links'] as const;
export const PER_SECOND = 50;
const LATENCY_MS = 100;

export type FixtureMessage =
  | { baseUrls: Record<(typeof ENRICH_BENCH_SOURCES)[number], string> }
  | { counts: Record<string, { requests: number; limited: number }> };

if (process.send) {
  const server = await startSourceFixtureServer({
    latencyMs: LATENCY_MS,
    perSecond: PER_SECOND,
    handlers: {
      github: ({ url }) => {
        const match = url.pathname.match(/^\/repos\/bench\/repo-(\d+)(\/releases\/latest)?$/);
        if (!match) return undefined;
        return match[2]
          ? { body: { tag_name: `v1.${match[1]}`, published_at: '2026-10-01T00:00:00Z' } }
          : {
              body: {
                full_name: `bench/repo-${match[1]}`,
                stargazers_count: Number(match[1]),
                forks_count: 3,
                open_issues_count: 1,
                pushed_at: '2026-11-01T00:00:00Z',
                archived: false,
                license: { spdx_id: 'MIT' },
              },
            };
      },
      openalex: () => ({ body: { id: 'https://openalex.org/W1', cited_by_count: 10 } }),
      huggingface: () => ({ body: { id: 'bench/model', downloads: 100, likes: 5 } }),
      links: () => ({ status: 200, body: 'ok' }),
    },
  });
  const reply = (message: FixtureMessage) => process.send!(message);
  process.on('message', async (message) => {
    if (message === 'counts') {
      reply({ counts: Object.fromEntries(ENRICH_BENCH_SOURCES.map((source) => [source, server.counts(source)])) });
    } else if (message === 'close') {
      await server.close();
      process.disconnect();
    }
  });
  reply({
    baseUrls: Object.fromEntries(ENRICH_BENCH_SOURCES.map((source) => [source, server.baseUrl(source)])) as Record<
      (typeof ENRICH_BENCH_SOURCES)[number],
      string
    >,
  });
}
