import { fullStop, leadingParts, paperSentence } from '../catalog-build/compose.ts';
import type { HarvestItem, HarvestSource, MappedRecord } from './harvest-item.ts';

/**
 * Whose words a harvested item's description may be (docs/product.md#harvested-prose): a source's
 * prose is copied only where its licence allows it, with credit; otherwise the item carries a
 * description SciAI composes from the record's facts, marked as the built catalog marks its own.
 * catalog_sources states the same per live source (copies_descriptions, 99_reference_data.sql),
 * and commit_harvest_page refuses copied prose from a source that does not allow it.
 */

export interface LiveSourceProse {
  /** Its row in catalog_sources (kind 'live'). */
  catalogSource: string;
  /** How a composed description names it: "Listed by GitHub under …". */
  name: string;
  /** catalog_sources.license: an SPDX id, or 'none'. */
  license: 'CC-BY-4.0' | 'CC0-1.0' | 'none';
  /** Its descriptions and abstracts may be copied word for word, with credit. */
  copiesProse: boolean;
}

/**
 * bio.tools publishes its registry under CC BY 4.0; OpenAlex its data under CC0; arXiv's API
 * terms put descriptive metadata, the abstract included, under CC0. Crossref claims no licence
 * and abstracts stay their publishers'; GitHub's and the Hub's answers carry none, and a
 * repository's licence covers its files, not the description or card the API answers with.
 * No record's own licence is taken as one for its text (docs/decisions/0080-harvest-copies-prose-only-where-licensed.md).
 */
export const LIVE_SOURCE_PROSE: Readonly<Record<HarvestSource, LiveSourceProse>> = {
  biotools: { catalogSource: 'biotools-api', name: 'bio.tools', license: 'CC-BY-4.0', copiesProse: true },
  openalex: { catalogSource: 'openalex-api', name: 'OpenAlex', license: 'CC0-1.0', copiesProse: true },
  arxiv: { catalogSource: 'arxiv-api', name: 'arXiv', license: 'CC0-1.0', copiesProse: true },
  crossref: { catalogSource: 'crossref-api', name: 'Crossref', license: 'none', copiesProse: false },
  github: { catalogSource: 'github-api', name: 'GitHub', license: 'none', copiesProse: false },
  huggingface: { catalogSource: 'huggingface-api', name: 'Hugging Face', license: 'none', copiesProse: false },
};

/** metadata.description_origin, as the build writes it (core/src/catalog/source-labels.ts reads it). */
export type HarvestDescriptionOrigin = { kind: 'source'; source: string } | { kind: 'composed from facts' };

/** Where a record came from when it is not the source's own: a paper a bio.tools entry names. */
export interface ProseContext {
  /** The item came with another record, whose title this is when it has one. */
  brought?: { by?: string };
}

/**
 * The item as the rule allows it: its own prose kept and credited where the source's licence
 * allows copying, else a description composed from its facts (no abstract: an abstract is always
 * the source's words). A paper a bio.tools entry brings along carries Europe PMC's copy of its
 * publisher's abstract, which bio.tools' licence does not cover: it is composed too. An item
 * whose record states nothing beyond a name gets no description.
 */
export function applyProseRule(source: HarvestSource, mapped: MappedRecord, context: ProseContext = {}): MappedRecord {
  if (!mapped.ok) return mapped;
  const { item } = mapped;
  const rule = LIVE_SOURCE_PROSE[source];
  const metadata = { ...item.metadata };
  delete metadata.description_origin;
  if (rule.copiesProse && context.brought === undefined && (item.description ?? '').trim() !== '') {
    const origin: HarvestDescriptionOrigin = { kind: 'source', source: rule.catalogSource };
    return { ok: true, item: { ...item, metadata: { ...metadata, description_origin: origin } } };
  }
  const composed = composedHarvestDescription(source, item, context);
  const paper = item.paper ? { ...item.paper } : undefined;
  if (paper) delete paper.abstract;
  const origin: HarvestDescriptionOrigin = { kind: 'composed from facts' };
  return {
    ok: true,
    item: {
      ...item,
      description: composed?.description ?? '',
      short_description: composed?.short ?? '',
      ...(paper ? { paper } : {}),
      metadata: composed ? { ...metadata, description_origin: origin } : metadata,
    },
  };
}

/**
 * A description of what the record states, in the built catalog's words (core/src/catalog-build/
 * compose.ts): "Paper (2021) in Nature by A, B, C et al. Listed by Crossref under “Biochemistry”."
 * or "Repository (2016) by google, in Python, licensed Apache-2.0. Listed by GitHub under
 * “protein-folding”." Undefined when the record states nothing beyond a name.
 */
export function composedHarvestDescription(
  source: HarvestSource,
  item: HarvestItem,
  context: ProseContext = {},
): { description: string; short: string } | undefined {
  const parts: string[] = [];
  const authors = item.authors ?? [];
  // software's year is its first release's (the database derives it the same way)
  const released = Number(item.software?.first_release?.slice(0, 4));
  const year = item.year ?? (Number.isInteger(released) && released > 0 ? released : undefined);
  let stated = authors.length > 0 || year !== undefined;
  if (item.content_type === 'paper') {
    const venue = item.paper?.journal_name;
    stated ||= venue !== undefined;
    parts.push(paperSentence({ year, venue, authors, authorsComplete: item.paper?.authors_complete }));
  } else {
    const languages = item.software?.programming_languages ?? [];
    const license = item.software?.license;
    stated ||= languages.length > 0 || license !== undefined;
    const byline =
      authors.length === 0 ? '' : ` by ${authors.slice(0, 3).join(', ')}${authors.length > 3 ? ' et al' : ''}`;
    parts.push(
      fullStop(
        `${softwareKind(source, item)}${year ? ` (${year})` : ''}${byline}` +
          `${languages.length > 0 ? `, in ${languages.slice(0, 3).join(', ')}` : ''}` +
          `${license ? `, licensed ${license}` : ''}`,
      ),
    );
  }
  const terms = (item.tags ?? []).slice(0, 3).map((tag) => `“${tag}”`);
  stated ||= terms.length > 0;
  if (!stated && context.brought === undefined) return undefined;
  if (context.brought !== undefined) {
    const entry = context.brought.by === undefined ? 'one of its entries' : `“${context.brought.by}”`;
    parts.push(`Listed by ${LIVE_SOURCE_PROSE[source].name} as a publication of ${entry}.`);
  } else {
    parts.push(`Listed by ${LIVE_SOURCE_PROSE[source].name}${terms.length > 0 ? ` under ${terms.join(', ')}` : ''}.`);
  }
  return { description: parts.join(' '), short: leadingParts(parts) };
}

function softwareKind(source: HarvestSource, item: HarvestItem): string {
  if (source === 'github') return 'Repository';
  if (source === 'huggingface') return item.metadata?.huggingface_kind === 'spaces' ? 'Space' : 'Model';
  return 'Software';
}
