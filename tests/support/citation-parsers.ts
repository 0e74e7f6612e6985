/**
 * Small readers of BibTeX and RIS, written from the formats' descriptions, so tests can parse an
 * export back and check its fields instead of comparing strings.
 */

export interface BibtexEntry {
  type: string;
  key: string;
  fields: Record<string, string>;
}

/** Reads @type{key, name = {value}, …} entries; values keep their escapes (see unescapeBibtex). */
export function parseBibtex(text: string): BibtexEntry[] {
  const entries: BibtexEntry[] = [];
  const head = /@(\w+)\{([^,\s]+),/g;
  let match: RegExpExecArray | null;
  while ((match = head.exec(text)) !== null) {
    const fields: Record<string, string> = {};
    let at = head.lastIndex;
    for (;;) {
      const field = /^\s*(\w+)\s*=\s*\{/.exec(text.slice(at));
      if (!field) break;
      at += field[0].length;
      let depth = 1;
      let value = '';
      while (depth > 0) {
        const character = text[at];
        if (character === undefined) throw new Error(`unterminated field ${field[1]} in ${match[2]}`);
        if (character === '\\') {
          value += character + (text[at + 1] ?? '');
          at += 2;
          continue;
        }
        if (character === '{') depth += 1;
        if (character === '}') depth -= 1;
        if (depth > 0) value += character;
        at += 1;
      }
      fields[field[1]!.toLowerCase()] = value;
      const separator = /^\s*,?/.exec(text.slice(at));
      at += separator?.[0].length ?? 0;
    }
    const close = /^\s*\}/.exec(text.slice(at));
    if (!close) throw new Error(`entry ${match[2]} is not closed`);
    head.lastIndex = at + close[0].length;
    entries.push({ type: match[1]!.toLowerCase(), key: match[2]!, fields });
  }
  return entries;
}

const UNESCAPES: Array<[RegExp, string]> = [
  [/\\textbackslash\{\}/g, '\\'],
  [/\\textasciitilde\{\}/g, '~'],
  [/\\textasciicircum\{\}/g, '^'],
  [/\\([{}&%$#_])/g, '$1'],
];

/** The text a LaTeX reader would print for an escaped value. */
export function unescapeBibtex(value: string): string {
  return UNESCAPES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
}

export type RisRecord = Record<string, string[]>;

/** Reads 'XX  - value' lines into records (TY opens one, ER closes it); tags may repeat. */
export function parseRis(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  let current: RisRecord | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) throw new Error(`not an RIS line: ${JSON.stringify(line)}`);
    const tag = match[1] ?? '';
    const value = match[2] ?? '';
    if (tag === 'TY') current = {};
    if (!current) throw new Error(`${tag} before TY`);
    if (tag === 'ER') {
      records.push(current);
      current = null;
      continue;
    }
    (current[tag] ??= []).push(value);
  }
  if (current) throw new Error('a record has no ER line');
  return records;
}
