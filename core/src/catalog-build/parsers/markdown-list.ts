/**
 * Entries of a Markdown list ("awesome list"): each bullet or table row that holds a link, with
 * the headings above it and the line it starts on. A bullet's continuation lines (indented or
 * not, up to the next bullet, heading or blank line) belong to it.
 */
export interface ListEntry {
  /** 1-based line of the entry's first line. */
  line: number;
  sections: string[];
  text: string;
  links: { label: string; url: string }[];
  table: boolean;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const HTML_HEADING = /^\s*<h([1-6])[^>]*>(.*?)<\/h\1>\s*$/i;
const BULLET = /^\s*([-*+]|\d+\.)\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
// A label may hold one level of brackets without brackets inside ("[[Paper](url)]"), and an
// address is at most 500 characters: both keep a hostile line of brackets from costing more
// than a fixed amount of work per position.
const LINK = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\((https?:\/\/[^)\s]{1,500})\)/g;
const IMAGE = /!\[[^[\]]{0,500}\]\([^)]{0,500}\)/g;
const LINK_TEXT = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)]{0,500}\)/g;

/** Markdown links in a line; image badges' own targets are left out, the link around them kept. */
export function linksOf(text: string): { label: string; url: string }[] {
  const links: { label: string; url: string }[] = [];
  for (const match of text.matchAll(LINK)) {
    const label = match[1]!;
    const url = match[2]!;
    if (/\.(svg|png|jpe?g|gif)(\?.*)?$/i.test(url) || /shields\.io|badge/i.test(url)) continue;
    links.push({ label: label.replace(IMAGE, '').trim(), url });
  }
  // A badge link: [![arXiv](…svg)](https://arxiv.org/…) leaves the outer target as a plain "(url)".
  for (const match of text.matchAll(/\]\((https?:\/\/[^)\s]{1,500})\)\]\((https?:\/\/[^)\s]{1,500})\)/g)) {
    if (!links.some((link) => link.url === match[2])) links.push({ label: '', url: match[2]! });
  }
  return links;
}

/** Text without Markdown markup: links become their labels, emphasis and code marks go. */
export function plainText(text: string): string {
  return text
    .replace(IMAGE, '')
    .replace(LINK_TEXT, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`]{1,3}/g, '')
    .replace(/\\([[\]|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * No list entry is this long; longer lines are not read as entries, which also bounds the work
 * the link patterns do on a hostile line (their cost grows with the square of a line's length).
 */
export const MAX_ENTRY_LENGTH = 4000;

export function listEntries(markdown: string): ListEntry[] {
  const lines = markdown.split('\n');
  const entries: ListEntry[] = [];
  const sections: string[] = [];
  let current: ListEntry | undefined;
  let inCode = false;
  const close = () => {
    if (current !== undefined && current.links.length > 0) entries.push(current);
    current = undefined;
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.length > MAX_ENTRY_LENGTH) {
      close();
      return;
    }
    if (/^\s*```/.test(line) && !/```.*```/.test(line)) {
      inCode = !inCode;
      return;
    }
    if (inCode) return;
    const heading = HEADING.exec(line) ?? HTML_HEADING.exec(line);
    if (heading !== null) {
      close();
      const level = heading[1]!.startsWith('#') ? heading[1]!.length : Number(heading[1]);
      sections.length = Math.max(0, level - 1);
      sections[level - 1] = sectionName(withoutClosingHashes(heading[2]!));
      for (let i = 0; i < level - 1; i++) sections[i] ??= '';
      return;
    }
    if (TABLE_ROW.test(line)) {
      close();
      if (/^\s*\|[\s:|-]*\|\s*$/.test(line)) return;
      const links = linksOf(line).concat(bareUrls(line));
      if (links.length > 0) {
        entries.push({ line: index + 1, sections: sections.filter(Boolean), text: line, links, table: true });
      }
      return;
    }
    if (BULLET.test(line)) {
      close();
      current = { line: index + 1, sections: sections.filter(Boolean), text: line, links: linksOf(line), table: false };
      return;
    }
    if (line.trim() === '') {
      // A blank line ends an entry unless the entry has no link yet (a title line, then its links).
      if (current !== undefined && current.links.length > 0) close();
      return;
    }
    if (current !== undefined && current.text.length + line.length < MAX_ENTRY_LENGTH) {
      current.text += '\n' + line;
      current.links.push(...linksOf(line));
    }
  });
  close();
  return entries;
}

/** "Title ##" → "Title": the optional closing hashes of an ATX heading, trimmed by hand (a pattern would backtrack). */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '#' || text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
}

/** Bare URLs in a table cell (some lists write the address without link syntax). */
function bareUrls(line: string): { label: string; url: string }[] {
  const withoutLinks = line.replace(LINK, '');
  return [...withoutLinks.matchAll(/(?<![(\w])(https?:\/\/[^\s|)]+)/g)].map((match) => ({ label: '', url: match[1]! }));
}

/** A heading as a section name: without markup, leading numbering ("3.6.") or emoji. */
export function sectionName(heading: string): string {
  return plainText(heading)
    .replace(/\p{Extended_Pictographic}|\uFE0F/gu, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/^\d+(\.\d+)*\.?\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cells of a Markdown table row. */
export function tableCells(text: string): string[] {
  return text
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}
