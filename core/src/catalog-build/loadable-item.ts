import type { BuiltItem } from './built-item.ts';
import { SOURCE_BY_ID, type SourceId } from './sources.ts';

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

export function provenanceOf(item: BuiltItem): ItemProvenance {
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
