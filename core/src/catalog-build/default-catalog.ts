import type { CatalogItem } from '../catalog/catalog-item.ts';
import type { BuiltItem } from './built-item.ts';
import type { HandWrittenMatch } from './hand-written.ts';
import { githubRepoFromUrl } from './identifiers.ts';
import { SOURCE_BY_ID, type SourceId } from './sources.ts';

/**
 * The catalog a new SciAI starts with (docs/product.md#sources): the items built from open
 * sources, and the hand-written items, each hand-written item that a source also lists taking
 * that source's records, identifiers and dated figures in place of the built item. The result
 * is what the database's load_catalog reads.
 */

/** What the open sources say of an item beyond its own fields (load_catalog writes them apart). */
export interface ItemProvenance {
  sources: Array<{ source: string; record_id: string; record_url: string }>;
  identifiers: Array<{ scheme: 'doi' | 'arxiv' | 'biotools' | 'github'; value: string }>;
  signals: Array<{
    signal: 'github_stars';
    source: 'github';
    value_num: number;
    as_of: string;
    /** the list the figure was read from, not GitHub itself */
    detail: { via: string; via_name: string };
  }>;
  /** The ranking prior: stated facts only (docs/product.md#ranking-prior). */
  trending_score: number;
  metadata: Record<string, unknown>;
}

/** One item in the shape load_catalog reads (supabase/schemas/01_catalog.sql). */
export type LoadableItem = Record<string, unknown> & { slug: string; content_type: string };

/**
 * The papers a tool names (docs/product.md#paper-to-cite), by DOI and arXiv id, and the sources
 * whose records name them: the database links the tool to those of the catalog's papers
 * (item_relations) and its page cites each with its source. The harvest links a tool to papers
 * harvested later through the same keys (11_harvest.sql).
 */
export function namedPapersOf(item: BuiltItem): Record<string, string[]> {
  const software = item.software;
  if (!software || software.paper_dois.length + software.paper_arxiv_ids.length === 0) return {};
  const sources = item.prior.components.find((component) => component.fact === 'publications')?.sources ?? [];
  return {
    ...(software.paper_dois.length ? { publication_dois: software.paper_dois } : {}),
    ...(software.paper_arxiv_ids.length ? { publication_arxiv_ids: software.paper_arxiv_ids } : {}),
    ...(sources.length ? { publication_sources: sources } : {}),
  };
}

function provenanceOf(item: BuiltItem): ItemProvenance {
  const ids = item.identifiers;
  const identifiers: ItemProvenance['identifiers'] = [];
  if (ids.doi) identifiers.push({ scheme: 'doi', value: ids.doi.toLowerCase() });
  if (ids.arxiv_id) identifiers.push({ scheme: 'arxiv', value: ids.arxiv_id });
  if (ids.biotools_id) identifiers.push({ scheme: 'biotools', value: ids.biotools_id });
  // a repository's folder is a project of its own; the repository's identifier is not its alone
  if (ids.github_repo && !ids.github_repo.includes('/tree/'))
    identifiers.push({ scheme: 'github', value: ids.github_repo });
  const stars = item.software?.github_stars;
  const via = stars ? SOURCE_BY_ID.get(stars.source as SourceId) : undefined;
  const software = item.software;
  const metadata: Record<string, unknown> = {
    description_origin: item.description_origin,
    prior: item.prior,
    ...(item.license ? { license_detail: item.license } : {}),
    ...(software?.edam_operations.length ? { edam_operations: software.edam_operations } : {}),
    ...(software?.edam_inputs?.length ? { edam_inputs: software.edam_inputs } : {}),
    ...(software?.edam_outputs?.length ? { edam_outputs: software.edam_outputs } : {}),
    ...(software?.tool_types.length ? { tool_types: software.tool_types } : {}),
    ...(software?.pypi_id ? { pypi_id: software.pypi_id } : {}),
    ...(software?.conda_id ? { conda_id: software.conda_id } : {}),
    ...(software?.latest_release ? { latest_release: software.latest_release } : {}),
    ...(software?.validated_by_biotools !== undefined ? { validated_by_biotools: software.validated_by_biotools } : {}),
    ...namedPapersOf(item),
    ...(item.paper?.code_repo ? { code_repository: item.paper.code_repo } : {}),
    ...(item.company ? { fda_cleared_devices: item.company.fda_cleared_devices } : {}),
  };
  return {
    sources: item.sources.map(({ source, record_id, record_url }) => ({ source, record_id, record_url })),
    identifiers,
    signals:
      stars && via
        ? [
            {
              signal: 'github_stars',
              source: 'github',
              value_num: stars.value,
              as_of: stars.as_of,
              detail: { via: via.id, via_name: via.name },
            },
          ]
        : [],
    trending_score: item.prior.score,
    metadata,
  };
}

/** A built item as load_catalog reads it: what no source states stays absent. */
export function loadableBuiltItem(item: BuiltItem): LoadableItem {
  const provenance = provenanceOf(item);
  const base: LoadableItem = {
    slug: item.slug,
    title: item.title,
    content_type: item.content_type,
    url: item.url,
    short_description: item.short_description,
    description: item.description,
    tags: item.tags,
    domains: item.domains,
    ...(item.year !== undefined ? { year: item.year } : {}),
    ...provenance,
  };
  const license = item.license ? (item.license.spdx ?? item.license.label) : undefined;
  const software = item.software;
  switch (item.content_type) {
    case 'software':
      return {
        ...base,
        software: {
          github_url: software?.github_url,
          github_stars: software?.github_stars?.value,
          license,
          programming_languages: software?.programming_languages ?? [],
          first_release: software?.first_release,
        },
      };
    case 'agent':
      return { ...base, agent: { license, first_release: software?.first_release } };
    case 'paper':
      // a list's words about a paper are not its abstract
      return {
        ...base,
        paper: {
          abstract: null,
          doi: item.paper?.doi,
          arxiv_id: item.paper?.arxiv_id,
          journal_name: item.paper?.venue,
          authors: item.paper?.authors ?? [],
          authors_complete: item.paper?.authors_complete ?? true,
        },
      };
    case 'company':
      return { ...base, company: {} };
  }
}

/** What the editors' selection adds to an item's prior (docs/product.md#ranking-prior). */
export const EDITORS_SELECTION_PRIOR = 2;

/** The prior of an item the editors selected: the best of its sources' priors, and the selection. */
function editorsPrior(fromSources: BuiltItem['prior'] | undefined): { trending_score: number; metadata: object } {
  const components = [
    ...(fromSources?.components ?? []),
    { fact: 'editors_selection', value: 1, contribution: EDITORS_SELECTION_PRIOR, sources: ['sciai'] },
  ];
  const score = (fromSources?.score ?? 0) + EDITORS_SELECTION_PRIOR;
  return { trending_score: score, metadata: { prior: { score, components } } };
}

/** The papers several built items name, each identifier and source once. */
function mergedNamedPapers(built: readonly BuiltItem[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const named of built.map(namedPapersOf)) {
    for (const [key, values] of Object.entries(named)) merged[key] = [...new Set([...(merged[key] ?? []), ...values])];
  }
  return merged;
}

/** A hand-written item with what the sources say of the same thing (the first of them first). */
/**
 * The facts its sources state about a thing, beyond its own columns (docs/product.md#sources):
 * what a tool does and reads, its kind, packages and latest release, a company's FDA decisions.
 * A hand-written item keeps its own words and licence, and gains these from the records behind it.
 */
const SOURCE_FACT_KEYS = [
  'edam_operations',
  'edam_inputs',
  'edam_outputs',
  'tool_types',
  'pypi_id',
  'conda_id',
  'latest_release',
  'validated_by_biotools',
  'fda_cleared_devices',
] as const;

/** Each fact from the first record stating it (records in the merge's order). */
function sourceFacts(all: readonly ItemProvenance[]): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const key of SOURCE_FACT_KEYS) {
    const stated = all.find((provenance) => provenance.metadata[key] !== undefined);
    if (stated) facts[key] = stated.metadata[key];
  }
  return facts;
}

function withProvenance(item: CatalogItem, built: readonly BuiltItem[]): LoadableItem {
  if (built.length === 0) return { ...item, ...editorsPrior(undefined) };
  const all = built.map(provenanceOf);
  const identifiers = new Map(all.flatMap((p) => p.identifiers).map((id) => [`${id.scheme}:${id.value}`, id]));
  const signals = all.flatMap((p) => p.signals).slice(0, 1);
  const prior = editorsPrior(built.map((b) => b.prior).sort((a, b) => b.score - a.score)[0]);
  const loadable: LoadableItem = {
    ...item,
    sources: all.flatMap((p) => p.sources),
    identifiers: [...identifiers.values()],
    signals,
    ...prior,
    // the facts and the papers to cite its sources state are the item's, whoever wrote its text
    metadata: { ...sourceFacts(all), ...prior.metadata, ...mergedNamedPapers(built) },
  };
  if (item.content_type === 'software' && signals.length > 0) {
    loadable.software = { ...item.software, github_stars: signals[0]!.value_num };
  }
  return loadable;
}

export interface DefaultCatalog {
  items: LoadableItem[];
  /** built items merged into a hand-written item by name: the same slug, a repository and a name in
   * its name, or (papers) a title holding its whole title */
  mergedByName: Array<{ slug: string; built_title: string }>;
  /** built items whose slug a hand-written item of another kind had: loaded under another slug */
  renamed: Array<{ from: string; to: string }>;
}

const kindOf = (type: string) => (type === 'agent' ? 'software' : type);
/** a name's letters and digits, lower-case: "paper-qa" is in "PaperQA2" */
const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The catalog to load. A built item joins a hand-written item when the merge rule's identifiers
 * say they are one thing, or when both have the same name (hence slug) and are the same kind of
 * thing (a tool and an agent are one kind): the hand-written selection names each thing once, and
 * names a paper after its tool "<name>-paper".
 */
export function defaultCatalog(
  handWritten: readonly CatalogItem[],
  built: readonly BuiltItem[],
  matches: readonly HandWrittenMatch[],
): DefaultCatalog {
  const handBySlug = new Map(handWritten.map((item) => [item.slug, item]));
  const builtBySlug = new Map(built.map((item) => [item.slug, item]));
  const joined = new Map<string, BuiltItem[]>();
  const join = (handSlug: string, item: BuiltItem) => joined.set(handSlug, [...(joined.get(handSlug) ?? []), item]);
  for (const match of matches) join(match.hand_written_slug, builtBySlug.get(match.built_slug)!);
  const matchedBuilt = new Set(matches.map((match) => match.built_slug));
  const mergedByName: DefaultCatalog['mergedByName'] = [];
  for (const item of built) {
    // a paper named after a tool is the hand-written "<name>-paper" when there is one
    const sameName = handBySlug.get(item.slug);
    const hand =
      sameName && kindOf(sameName.content_type) !== kindOf(item.content_type) && item.content_type === 'paper'
        ? handBySlug.get(`${item.slug}-paper`)
        : sameName;
    if (matchedBuilt.has(item.slug) || !hand || kindOf(hand.content_type) !== kindOf(item.content_type)) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: item.slug, built_title: item.title });
  }
  // a list may give one repository to several records (ESM-1b, ESM-2, ESMFold), so a repository
  // alone is not an identity: the built item's name must also be in the hand-written item's
  const repoOf = (url: string | undefined) => githubRepoFromUrl(url);
  const handByRepo = new Map<string, CatalogItem[]>();
  for (const hand of handWritten) {
    const repos = [repoOf(hand.url), hand.content_type === 'software' ? repoOf(hand.software.github_url) : undefined];
    for (const repo of new Set(repos)) if (repo) handByRepo.set(repo, [...(handByRepo.get(repo) ?? []), hand]);
  }
  for (const item of built) {
    if (matchedBuilt.has(item.slug) || item.content_type === 'paper' || item.content_type === 'company') continue;
    const repo = repoOf(item.software?.github_url) ?? repoOf(item.url);
    const hand = (repo ? (handByRepo.get(repo) ?? []) : []).find(
      (candidate) =>
        kindOf(candidate.content_type) === kindOf(item.content_type) &&
        folded(candidate.title).includes(folded(item.title)),
    );
    if (!hand) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: hand.slug, built_title: item.title });
  }
  // a paper whose title holds a hand-written paper's whole title ("GraphCast: Learning skillful …")
  const handPapers = handWritten.filter((hand) => hand.content_type === 'paper' && folded(hand.title).length >= 24);
  for (const item of built) {
    if (matchedBuilt.has(item.slug) || item.content_type !== 'paper') continue;
    const hand = handPapers.find((candidate) => folded(item.title).includes(folded(candidate.title)));
    if (!hand) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: hand.slug, built_title: item.title });
  }
  const items = handWritten.map((item) => withProvenance(item, joined.get(item.slug) ?? []));
  const taken = new Set(items.map((item) => item.slug));
  const renamed: DefaultCatalog['renamed'] = [];
  for (const item of built) {
    if (matchedBuilt.has(item.slug)) continue;
    // a paper named like a tool is "<name>-paper", as the hand-written catalog names them
    const base = taken.has(item.slug) && item.content_type === 'paper' ? `${item.slug.slice(0, 94)}-paper` : item.slug;
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base.slice(0, 96).replace(/-+$/, '')}-${n}`;
    if (slug !== item.slug) renamed.push({ from: item.slug, to: slug });
    taken.add(slug);
    items.push({ ...loadableBuiltItem(item), slug });
  }
  return { items, mergedByName, renamed };
}
