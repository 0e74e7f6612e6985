import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  ENRICH_SOURCES,
  parseStaleAge,
  rpcEnrichStore,
  runEnrich,
  type EnrichProgress,
  type EnrichSource,
  type RpcCall,
} from '@sciai/core/enrich';
import { integerInRange } from '../arguments.ts';
import type { CliContext } from '../context.ts';
import { CliError, EXIT_FAILURE } from '../errors.ts';
import { createOutput, examplesHelp, formatDuration, formatInteger } from '../output.ts';
import { createSpinner } from '../spinner.ts';
import { errorMessage, resolveTarget, type Target } from '../target.ts';

interface EnrichOptions {
  source?: EnrichSource;
  stale: number;
  limit?: number;
  item?: string[];
  json?: boolean;
}

function slugs(value: string): string[] {
  const list = value
    .split(',')
    .map((slug) => slug.trim())
    .filter(Boolean);
  if (
    list.length === 0 ||
    list.length > 100 ||
    list.some((slug) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 200)
  )
    throw new InvalidArgumentError('Expected 1 to 100 item slugs, comma-separated.');
  return list;
}

const DEFAULT_STALE_AGE = '7d';

function staleAge(value: string): number {
  const seconds = parseStaleAge(value);
  if (seconds === undefined || seconds > 366 * 86_400) {
    throw new InvalidArgumentError('Expected an age such as 7d, 12h or 30m (at most a year).');
  }
  return seconds;
}

export function registerEnrichCommand(program: Command, context: CliContext): void {
  program
    .command('enrich')
    .summary('fetch current facts about items (stars, citations, downloads, link health)')
    .description(
      'Look up every published item with the identifiers to do so: GitHub stars, forks, open issues, last ' +
        'push, latest release, licence and archived state; citations from OpenAlex (Crossref when OpenAlex has ' +
        'none); Hugging Face downloads and likes; the health of homepage and repository links. Each figure is ' +
        'kept with its source and date, with one history value a day. Items checked within the stale age are ' +
        'skipped. The server runs this by itself every ENRICH_INTERVAL_HOURS (24 by default).',
    )
    .addOption(new Option('--source <source>', 'only this source').choices([...ENRICH_SOURCES]))
    .addOption(
      new Option('--stale <age>', 'look again at facts older than this (e.g. 7d, 12h, 0 for all)')
        .argParser(staleAge)
        // shown as written: an age, as the examples and ENRICH_STALE give it
        .default(staleAge(DEFAULT_STALE_AGE), DEFAULT_STALE_AGE),
    )
    .option('--limit <n>', 'items to look at at most', integerInRange(1, 10_000_000))
    .option('--item <slugs>', 'only these items (comma-separated slugs), whatever their age', slugs)
    .option('--json', 'print a machine-readable report on stdout')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai enrich', 'every source, facts older than a week'],
        ['sciai enrich --source github --stale 1d --limit 500', 'GitHub only, for 500 items'],
        ['sciai enrich --source links --json', 'check links and print the report as JSON'],
        ['sciai enrich --item alphafold', 're-check one item now'],
      ]) +
        '\nEnvironment: GITHUB_TOKEN, HARVEST_MAILTO, PUBLIC_URL (in the User-Agent), ENRICH_LIMITS ' +
        '(e.g. github=4/1.3: concurrency/requests per second), ENRICH_TIMEOUT_SECONDS; GITHUB_API_URL, ' +
        'OPENALEX_BASE_URL, CROSSREF_BASE_URL, HUGGINGFACE_BASE_URL point a source elsewhere; ' +
        'ENRICH_LINK_ALLOW_HOSTS lets the link checker reach the listed private hosts.\n' +
        'Exit codes: 0 done (items that failed are in the report), 1 the run failed, 2 bad arguments.\n',
    )
    .action((options: EnrichOptions) => enrich(options, context));
}

async function enrich(options: EnrichOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  const spinner = createSpinner(context);
  const started = performance.now();
  const sources: EnrichSource[] = options.source ? [options.source] : [...ENRICH_SOURCES];
  const { enrichSettings } = await import('@sciai/server');
  const settings = enrichSettings(context.env);
  let target: Target | undefined;
  let progress: EnrichProgress | undefined;
  let failure: string | null = null;
  spinner.start('Connecting to the database…');
  try {
    target = await resolveTarget(context.env);
    const client = target.client;
    const call: RpcCall = async (fn, args) => {
      const rpc = client.rpc.bind(client) as unknown as (
        name: string,
        params: Record<string, unknown>,
      ) => PromiseLike<{ data: unknown; error: { message: string } | null }>;
      const { data, error } = await rpc(fn, args);
      if (error) throw new CliError(`${fn}: ${error.message}`);
      return data;
    };
    if (options.item) {
      const { data, error } = await client.from('content_items').select('id, slug').in('slug', options.item);
      if (error) throw new CliError(`Could not find the items: ${error.message}`);
      const missing = options.item.filter((slug) => !data.some((row) => row.slug === slug));
      if (missing.length > 0) throw new CliError(`No item with the slug ${missing.join(', ')}`);
      for (const row of data) await call('request_enrich_recheck', { content_id: row.id });
    }
    spinner.update('Looking up items…');
    progress = await runEnrich({
      store: rpcEnrichStore(call),
      fetch: settings.fetch,
      linkFetch: settings.linkFetch,
      sources,
      staleSeconds: options.item ? 0 : options.stale,
      limit: options.limit,
      origin: options.item ? 'recheck' : 'cli',
      onlyRequested: options.item !== undefined,
      baseUrls: settings.baseUrls,
      githubToken: settings.githubToken,
      openalexMailto: settings.mailto,
      vetLink: settings.vetLink,
      onPage: (page) =>
        spinner.update(
          `Looked up ${formatInteger(page.items)} items in ${formatInteger(page.updated + page.failed)} lookups: ` +
            `${formatInteger(page.updated)} updated, ${formatInteger(page.failed)} failed…`,
        ),
    });
    spinner.stop();
  } catch (error) {
    spinner.fail('Enrich failed.');
    failure = errorMessage(error);
  } finally {
    await target?.close();
    await settings.close();
  }
  const stats = settings.stats();
  if (options.json) {
    output.result(
      JSON.stringify({ ...progress, sources, requests: stats, ok: failure === null, error: failure }, null, 2),
    );
  } else if (progress) {
    output.success(
      // an item is looked up in each source that knows it: the lookups are what succeeded or failed
      `Enriched ${formatInteger(progress.items)} ${progress.items === 1 ? 'item' : 'items'} from ${sources.join(', ')} ` +
        `in ${formatInteger(progress.updated + progress.failed)} lookups: ${formatInteger(progress.updated)} updated, ` +
        `${formatInteger(progress.failed)} failed. ` +
        output.colors.dim(`(${formatDuration(performance.now() - started)})`),
    );
    for (const error of progress.errors.slice(0, 20)) output.warn(`${error.slug} (${error.source}): ${error.message}`);
  }
  if (failure !== null) throw new CliError(failure, EXIT_FAILURE);
}
