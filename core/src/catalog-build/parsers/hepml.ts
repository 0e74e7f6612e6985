import { normaliseArxivId, normaliseDoi } from '../identifiers.ts';
import { lineUrl, record, type SnapshotText, type SourceRecord } from '../record.ts';
import { optional } from './biotools.ts';

/** One BibTeX entry's fields, braces and quotes removed; LaTeX accents kept as written. */
export interface BibEntry {
  key: string;
  line: number;
  fields: Record<string, string>;
}

export function parseBibtex(text: string): BibEntry[] {
  const entries: BibEntry[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const start = /@(\w+)\s*\{\s*([^,\s]+)\s*,/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(text)) !== null) {
    const fields: Record<string, string> = {};
    let index = start.lastIndex;
    for (;;) {
      const field = /\s*([A-Za-z_-]+)\s*=\s*/y;
      field.lastIndex = index;
      const name = field.exec(text);
      if (name === null) break;
      index = field.lastIndex;
      const [value, next] = readValue(text, index);
      fields[name[1]!.toLowerCase()] = value;
      index = next;
      const comma = /\s*,?/y;
      comma.lastIndex = index;
      // A failed sticky match resets lastIndex to 0: keep the position unless it matched.
      if (comma.exec(text) !== null) index = comma.lastIndex;
    }
    entries.push({ key: match[2]!, line: lineOf(match.index), fields });
    // Always forward, whatever an unterminated value did to the position.
    start.lastIndex = Math.max(index, start.lastIndex);
  }
  return entries;
}

function readValue(text: string, index: number): [string, number] {
  const open = text[index];
  if (open === '"' || open === '{') {
    const close = open === '"' ? '"' : '}';
    let depth = 0;
    let i = index + 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}' && depth > 0) depth--;
      else if (c === close && depth === 0) break;
    }
    return [text.slice(index + 1, i), i + 1];
  }
  const bare = /[^,}\s]*/y;
  bare.lastIndex = index;
  const value = bare.exec(text)![0];
  return [value, bare.lastIndex];
}

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  c: '\u0327',
  v: '\u030c',
  '=': '\u0304',
  u: '\u0306',
  '.': '\u0307',
  H: '\u030b',
};

/** BibTeX text to plain text: accents composed, braces and simple commands dropped. */
export function bibText(value: string): string {
  return value
    .replace(/\{?\\(['`^"~=.Hcvu])\s*\{?\\?([A-Za-z])\}?\}?/g, (_, accent: string, letter: string) =>
      (letter + (ACCENTS[accent] ?? '')).normalize('NFC'),
    )
    .replace(
      /\\(ss|o|O|l|L|ae|AE|aa|AA)\b\s?/g,
      (_, c: string) => ({ ss: 'ß', o: 'ø', O: 'Ø', l: 'ł', L: 'Ł', ae: 'æ', AE: 'Æ', aa: 'å', AA: 'Å' })[c] ?? c,
    )
    .replace(/\\&/g, '&')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Last, First and Other, Name" → ["First Last", "Name Other"]; "others" marks a cut list. */
export function bibAuthors(value: string): { authors: string[]; complete: boolean } {
  const parts = bibText(value)
    .split(/\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const complete = !parts.some((part) => part.toLowerCase() === 'others');
  const authors = parts
    .filter((part) => part.toLowerCase() !== 'others')
    .map((part) => {
      const [last, first] = part.split(/\s*,\s*/, 2) as [string, string | undefined];
      return first ? `${first} ${last}` : last;
    });
  return { authors, complete };
}

/** HEPML.tex: `\item \textbf{Section}~\cite{key,key}` → key → section names (outer to inner). */
export function hepmlSections(tex: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  const stack: string[] = [];
  let depth = 0;
  for (const line of tex.split('\n')) {
    if (/\\begin\{itemize\}/.test(line)) depth++;
    if (/\\end\{itemize\}/.test(line)) {
      depth--;
      stack.length = Math.max(0, depth);
    }
    const item = /\\item\s+\\textbf\{(.+?)\}(?:~\\cite\{([^}]*)\})?/.exec(line);
    if (item === null) continue;
    stack.length = Math.max(0, depth - 1);
    stack[Math.max(0, depth - 1)] = bibText(
      item[1]!.replace(/\$[^$]*\$/g, (math) => math.replace(/\\rightarrow/g, '→').replace(/[$\\]/g, '')),
    );
    for (const key of (item[2] ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)) {
      if (!sections.has(key)) sections.set(key, stack.filter(Boolean));
    }
  }
  return sections;
}

export function parseHepml(snapshot: SnapshotText): SourceRecord[] {
  const sections = hepmlSections(snapshot.files['HEPML.tex'] ?? '');
  const records: SourceRecord[] = [];
  for (const entry of parseBibtex(snapshot.files['HEPML.bib'] ?? '')) {
    const title = bibText(entry.fields.title ?? '');
    const arxivId = normaliseArxivId(entry.fields.eprint);
    const doi = normaliseDoi(entry.fields.doi);
    const year = /^\d{4}$/.test(entry.fields.year ?? '') ? Number(entry.fields.year) : undefined;
    if (title === '') continue;
    const { authors, complete } = bibAuthors(entry.fields.author ?? '');
    const path = sections.get(entry.key) ?? [];
    records.push(
      record({
        source: 'hepml',
        recordId: entry.key,
        recordUrl: lineUrl(snapshot, 'HEPML.bib', entry.line),
        type: 'paper',
        title,
        ...optional('url', arxivId ? `https://arxiv.org/abs/${arxivId}` : doi ? `https://doi.org/${doi}` : undefined),
        ...optional('arxivId', arxivId),
        ...optional('doi', doi),
        ...optional('year', year),
        ...(authors.length > 0 ? { authors, authorsComplete: complete } : {}),
        ...optional('venue', entry.fields.journal ? bibText(entry.fields.journal) : undefined),
        terms: ['particle physics', ...(entry.fields.primaryclass ? [entry.fields.primaryclass] : []), ...path],
        facets: path.length > 0 ? [path[path.length - 1]!] : [],
      }),
    );
  }
  return records;
}
