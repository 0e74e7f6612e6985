/**
 * A review's text is plain text: pages show it as written, with its http(s) addresses as links
 * and nothing else read as markup (no HTML, no Markdown).
 */
export type ReviewTextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address up to the next space or angle bracket; closing punctuation stays outside. */
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

export function reviewTextSegments(text: string): ReviewTextSegment[] {
  const segments: ReviewTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? '';
    const address = match[0].slice(0, match[0].length - trailing.length);
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The address as a URL a link may carry: http(s) only, with a host; anything else stays text. */
function safeHref(address: string): string | undefined {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}
