import { exportYear, oneLine, type ExportItem } from './export-item.ts';

const ENTRY_TYPES = { paper: 'article', software: 'software', company: 'misc', agent: 'misc' } as const;

const SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Text safe inside a braced BibTeX field: LaTeX's special characters escaped. */
export function escapeBibtex(value: string): string {
  return oneLine(value).replace(/[\\{}&%$#_~^]/g, (character) => SPECIALS[character] ?? character);
}

/** URLs and DOIs are read verbatim (the url package); only braces and spaces could break the entry. */
function verbatim(value: string): string {
  return value.replace(/[{}\s]/g, (character) => encodeURIComponent(character));
}

/** ASCII letters and digits of a word, for citation keys. */
function keyPart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/** Surname-ish: the last word of the first author, else the organisation's first word. */
function keyStem(item: ExportItem): string {
  const author = item.authors[0]?.trim();
  const surname = author ? (author.includes(',') ? author.split(',')[0] : author.split(/\s+/).pop()) : undefined;
  const source = surname ?? item.organization?.name.split(/\s+/)[0] ?? '';
  return keyPart(source);
}

/** Keys like jumper2021highly, unique within the file (a, b, … appended on a clash). */
export function citationKeys(items: ReadonlyArray<ExportItem>): string[] {
  const used = new Set<string>();
  return items.map((item) => {
    const titleWord =
      item.title
        .split(/\s+/)
        .map(keyPart)
        .find((word) => word.length > 3) ?? keyPart(item.title);
    const base = `${keyStem(item)}${exportYear(item) ?? ''}${titleWord}` || keyPart(item.slug) || 'item';
    let key = base;
    for (let n = 0; used.has(key); n += 1) key = `${base}${suffix(n)}`;
    used.add(key);
    return key;
  });
}

/** a … z, then aa, ab … */
function suffix(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return n < 26 ? letters[n]! : `${suffix(Math.floor(n / 26) - 1)}${letters[n % 26]!}`;
}

function fieldsOf(item: ExportItem): Array<[string, string | null]> {
  const year = exportYear(item);
  const common: Array<[string, string | null]> = [
    ['title', escapeBibtex(item.title)],
    ['year', year === null ? null : String(year)],
    ['url', item.url ? verbatim(item.url) : null],
  ];
  const note = item.short_description || item.description;
  switch (item.content_type) {
    case 'paper':
      return [
        // every author in order; BibTeX's own 'and others' where the list stops short
        [
          'author',
          item.authors.length
            ? [...item.authors.map(escapeBibtex), ...(item.authors_complete === false ? ['others'] : [])].join(' and ')
            : null,
        ],
        ...common,
        ['journal', item.journal_name ? escapeBibtex(item.journal_name) : null],
        ['doi', item.doi ? verbatim(item.doi) : null],
      ];
    case 'software':
      return [
        ['author', item.organization ? `{${escapeBibtex(item.organization.name)}}` : null],
        ...common,
        ['organization', item.organization ? escapeBibtex(item.organization.name) : null],
        ['repository', item.github_url ? verbatim(item.github_url) : null],
      ];
    default:
      return [
        ...common,
        ['organization', item.organization ? escapeBibtex(item.organization.name) : null],
        ['note', note ? escapeBibtex(note) : null],
      ];
  }
}

/**
 * The library as BibTeX: papers as @article (authors joined with 'and', journal, year, DOI),
 * software as @software (biblatex; organisation as corporate author), companies and agents as @misc.
 */
export function toBibtex(items: ReadonlyArray<ExportItem>): string {
  const keys = citationKeys(items);
  return items
    .map((item, index) => {
      const fields = fieldsOf(item)
        .filter((field): field is [string, string] => field[1] !== null && field[1] !== '')
        .map(([name, value]) => `  ${name} = {${value}}`);
      return `@${ENTRY_TYPES[item.content_type]}{${keys[index]!},\n${fields.join(',\n')}\n}\n`;
    })
    .join('\n');
}
