import type { SourceRecord } from './record.ts';
import { SOURCE_BY_ID } from './sources.ts';

/**
 * A description made only of what the records state, for items whose sources' prose cannot be
 * copied or who have none: kind, year, venue, authors, where the list files it. Undefined when
 * the records state nothing beyond a name, so the quality floor keeps such an item out.
 */
export function composedDescription(
  type: SourceRecord['type'],
  records: readonly SourceRecord[],
): { description: string; short: string } | undefined {
  const first = records[0]!;
  const listedBy = [...new Set(records.map((record) => SOURCE_BY_ID.get(record.source)?.name ?? record.source))];
  const allFacets = [...new Set(records.flatMap((record) => record.facets))].filter((facet) => facet.trim() !== '');
  const papers = allFacets
    .filter((facet) => facet.startsWith(PAPER_FACET))
    .map((facet) => facet.slice(PAPER_FACET.length));
  const kind = allFacets.find((facet) => KINDS.has(facet));
  const facets = allFacets.filter((facet) => !facet.startsWith(PAPER_FACET) && !KINDS.has(facet));
  if (type === 'company') {
    const devices = records.flatMap((record) => record.devices ?? []);
    if (devices.length === 0) return undefined;
    const years = devices.map((device) => device.date.slice(0, 4)).sort();
    const panels = [...new Set(devices.map((device) => device.panel).filter(Boolean))].sort();
    const span =
      years[0] === years[years.length - 1] ? `in ${years[0]}` : `from ${years[0]} to ${years[years.length - 1]}`;
    const lead = `Maker of ${devices.length} AI-enabled medical device${devices.length === 1 ? '' : 's'} authorised by the US FDA ${span}`;
    const text = panels.length === 0 ? `${lead}.` : `${lead} (review panels: ${panels.join(', ')}).`;
    return { description: text, short: leadingParts([text]) };
  }
  if (facets.length === 0 && kind === undefined) return undefined;
  const parts: string[] = [];
  if (type === 'paper') {
    parts.push(
      paperSentence({
        year: records.find((record) => record.year !== undefined)?.year,
        venue: records.find((record) => record.venue)?.venue,
        authors: first.authors ?? [],
        authorsComplete: first.authorsComplete,
      }),
    );
  } else if (kind !== undefined) {
    parts.push(`${kind[0]!.toUpperCase()}${kind.slice(1)}.`);
  }
  const sections = facets.slice(0, 3).map((facet) => `“${facet}”`);
  parts.push(`Listed by ${listedBy.join(' and ')}${sections.length > 0 ? ` under ${sections.join(', ')}` : ''}.`);
  if (papers.length > 0) parts.push(`Paper: “${papers[0]}”.`);
  const description = parts.join(' ');
  return { description, short: leadingParts(parts) };
}

/**
 * "Paper (2022) in Phys.Rev.D by A, B, C et al.": what a paper's records state of it, the first
 * part of every composed paper description (the build's and a harvest's alike).
 */
export function paperSentence(facts: {
  year?: number;
  venue?: string;
  authors: readonly string[];
  authorsComplete?: boolean;
}): string {
  const { year, venue, authors } = facts;
  const byline =
    authors.length === 0
      ? ''
      : ` by ${authors.slice(0, 3).join(', ')}${authors.length > 3 || facts.authorsComplete === false ? ' et al' : ''}`;
  return fullStop(`Paper${year ? ` (${year})` : ''}${venue && !/^arxiv$/i.test(venue) ? ` in ${venue}` : ''}${byline}`);
}

/** A sentence's end, once: "by Li H." is not "by Li H..". */
export function fullStop(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/** The facet a list parser writes before the title of an item's paper. */
export const PAPER_FACET = 'paper: ';
/** Facets that say what kind of thing an item is rather than where it is filed. */
const KINDS = new Set(['scientific language model']);

/**
 * As many whole parts as fit in 150 characters (at least the first, cut at a word). Composed
 * parts are joined whole, never split at a dot: "by Barry M. Dillon" is not two sentences.
 */
export function leadingParts(parts: readonly string[]): string {
  let short = '';
  for (const part of parts) {
    const next = short === '' ? part : `${short} ${part}`;
    if (next.length > 150) break;
    short = next;
  }
  return short === '' ? cutAtWord(parts[0]!) : short;
}

function cutAtWord(text: string): string {
  if (text.length <= 150) return text;
  const cut = text.slice(0, 149);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The first sentence, or the text cut at a word, within 150 characters. */
export function shortDescription(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const sentence = /^(.{19,149}?[.!?])(\s|$)/.exec(flat)?.[1];
  if (sentence !== undefined) return sentence;
  return cutAtWord(flat);
}
