import { exportYear, oneLine, type ExportItem } from './export-item.ts';

/** RIS reference types: journal article, computer program, generic. */
const RIS_TYPES = { paper: 'JOUR', software: 'COMP', company: 'GEN', agent: 'GEN' } as const;

/**
 * The library as RIS (tagged lines 'XX  - value', each record ended by 'ER  - '): title, one AU
 * line per author, PY year, JO journal, DO DOI, UR URL, PB organisation, KW per tag, AB summary.
 */
export function toRis(items: ReadonlyArray<ExportItem>): string {
  return items
    .map((item) => {
      const year = exportYear(item);
      const summary = item.short_description || item.description;
      const lines: Array<[string, string | null | undefined]> = [
        ['TY', RIS_TYPES[item.content_type]],
        ['TI', item.title],
        ...item.authors.map((author): [string, string] => ['AU', author]),
        ['PY', year === null ? null : String(year)],
        ['JO', item.content_type === 'paper' ? item.journal_name : null],
        ['DO', item.doi],
        ['UR', item.url],
        ['PB', item.organization?.name],
        ...(item.content_type === 'software' && item.github_url ? [['L2', item.github_url] as [string, string]] : []),
        ...item.tags.map((tag): [string, string] => ['KW', tag]),
        ['AB', summary],
        // RIS has no "et al.": a note says the AU lines stop short
        ['N1', item.authors_complete === false ? 'Author list incomplete (et al.)' : null],
      ];
      const body = lines
        .filter((line): line is [string, string] => typeof line[1] === 'string' && oneLine(line[1]) !== '')
        .map(([tag, value]) => `${tag}  - ${oneLine(value)}`);
      return [...body, 'ER  - '].join('\r\n');
    })
    .map((record) => `${record}\r\n`)
    .join('\r\n');
}
