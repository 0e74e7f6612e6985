/**
 * Catalog text (titles, descriptions, lists written by contributors, importers and harvested
 * sources) inside the Markdown the site serves (item pages as .md, /llms-full.txt, MCP answers).
 * Such text is shown as written, never read as markup: no raw HTML, no link or image of its own,
 * no heading, list or quote it did not get from the page around it. Links come only from the
 * item's own address fields, and only http(s) ones.
 */

/** One line of text: no line breaks, runs of spaces as one. */
export function singleLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** HTML's three: a tag, an entity or an autolink (`<javascript:…>`) cannot start. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Markdown's inline punctuation, backslash-escaped: emphasis, code spans, strikethrough and link
 * or image brackets (without `[`, neither `[text](javascript:…)` nor a reference definition can
 * form; `!` and parentheses then mean nothing).
 */
const INLINE_MARKUP = /[\\`*_[\]~]/g;

/** What a line may not start with: a heading, a quote, a list item, a setext underline, a table. */
const BLOCK_START = /^(#|\+|-|=|\||(\d{1,9})([.)]))/;

/** A piece of catalog text inside a line, escaped so that Markdown and HTML show it as written. */
export function markdownInline(text: string | null | undefined): string {
  return singleLine(text)
    .replace(/[&<>]/g, (char) => HTML_ESCAPES[char] ?? char)
    .replace(INLINE_MARKUP, '\\$&');
}

/** The same for text that starts a line (a paragraph, a list item's or a quote's text). */
export function markdownText(text: string | null | undefined): string {
  return markdownInline(text).replace(BLOCK_START, (_start, whole: string, digits?: string, mark?: string) =>
    digits !== undefined ? `${digits}\\${mark}` : `\\${whole}`,
  );
}

/** Block text (a description, an abstract): its paragraphs kept, each escaped as markdownText. */
export function markdownParagraphs(text: string | null | undefined): string {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map(markdownText)
    .filter(Boolean)
    .join('\n\n');
}

/** Text inside a Markdown link's brackets: the same escapes (brackets included). */
export function linkText(text: string): string {
  return markdownInline(text);
}

/**
 * An address the page may link to: absolute http(s) only, else undefined (a `javascript:`,
 * `data:` or relative address in catalog data is left out, not shown as a link).
 */
export function httpAddress(url: string | null | undefined): string | undefined {
  const trimmed = (url ?? '').trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? linkUrl(trimmed) : undefined;
  } catch {
    return undefined;
  }
}

/** A URL in a Markdown link: spaces, parentheses and angle brackets encoded so it cannot end early. */
export function linkUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => (char === '(' ? '%28' : char === ')' ? '%29' : encodeURIComponent(char)));
}
