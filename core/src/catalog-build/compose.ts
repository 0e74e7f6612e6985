import type { SourceRecord } from './record.ts';
import { SOURCE_BY_ID } from './sources.ts';

/**
 * A description made only of what the records state, for items whose sources' prose cannot be
 * copied or who have none: kind, year, venue, authors, where the list files it. Undefined when
 * the records state nothing beyond a name, so the quality floor keeps such an item out.
 */
export function composedDescription(type: SourceRecord['type'], records: readonly SourceRecord[]): string | undefined {
  const first = records[0]!;
  const listedBy = [...new Set(records.map((record) => SOURCE_BY_ID.get(record.source)?.name ?? record.source))];
  const facets = [...new Set(records.flatMap((record) => record.facets))].filter((facet) => facet.trim() !== '');
  if (type === 'company') {
    const devices = records.flatMap((record) => record.devices ?? []);
    if (devices.length === 0) return undefined;
    const years = devices.map((device) => device.date.slice(0, 4)).sort();
    const panels = [...new Set(devices.map((device) => device.panel).filter(Boolean))].sort();
    const span =
      years[0] === years[years.length - 1] ? `in ${years[0]}` : `from ${years[0]} to ${years[years.length - 1]}`;
    const panelText = panels.length === 0 ? '' : ` (review panels: ${panels.join(', ')})`;
    return `Maker of ${devices.length} AI-enabled medical device${devices.length === 1 ? '' : 's'} authorised by the US FDA ${span}${panelText}.`;
  }
  if (facets.length === 0) return undefined;
  const parts: string[] = [];
  if (type === 'paper') {
    const year = records.find((record) => record.year !== undefined)?.year;
    const venue = records.find((record) => record.venue)?.venue;
    const authors = first.authors ?? [];
    const byline =
      authors.length === 0
        ? ''
        : ` by ${authors.slice(0, 3).join(', ')}${authors.length > 3 || first.authorsComplete === false ? ' et al.' : ''}`;
    parts.push(`Paper${year ? ` (${year})` : ''}${venue && !/^arxiv$/i.test(venue) ? ` in ${venue}` : ''}${byline}.`);
  }
  parts.push(
    `Listed by ${listedBy.join(' and ')} under ${facets
      .slice(0, 3)
      .map((facet) => `“${facet}”`)
      .join(', ')}.`,
  );
  return parts.join(' ');
}

/** The first sentence, or the text cut at a word, within 150 characters. */
export function shortDescription(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const sentence = /^(.{19,149}?[.!?])(\s|$)/.exec(flat)?.[1];
  if (sentence !== undefined) return sentence;
  if (flat.length <= 150) return flat;
  const cut = flat.slice(0, 149);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).replace(/[\s,;:.-]+$/, '')}…`;
}
