/** Media ranges read from an Accept header at most: a longer header is someone's experiment. */
const MAX_RANGES = 32;

/**
 * Whether a client asks for JSON-LD before HTML: application/ld+json (or application/json)
 * named with a higher quality than text/html, or with HTML not asked for at all. A browser's
 * Accept (text/html first, * / * last) never qualifies, so pages stay pages.
 */
export function prefersJsonLd(accept: string | undefined): boolean {
  if (!accept || accept.length > 4_096) return false;
  let jsonLd = 0;
  let html = 0;
  for (const range of accept.split(',', MAX_RANGES)) {
    const [type, ...parameters] = range.split(';');
    const media = (type ?? '').trim().toLowerCase();
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    if (media === 'application/ld+json') jsonLd = Math.max(jsonLd, quality);
    else if (media === 'text/html' || media === 'application/xhtml+xml') html = Math.max(html, quality);
  }
  return jsonLd > 0 && jsonLd > html;
}
