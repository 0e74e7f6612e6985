import { escapeXml } from '../seo/escape.ts';

/**
 * Width of text in 11 px Verdana, the face shields.io badges use: per-character advances
 * (narrow, wide, full-width, the rest), close enough that labels neither clip nor float.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[ilj.,:;'|!I]/.test(char)) width += 3.6;
    else if (/[mwMW@%]/.test(char)) width += 10.5;
    else if (/[A-Z0-9]/.test(char)) width += 7.6;
    else if (char === '★' || char === '✓') width += 8;
    // CJK ideographs and kana are a full em wide; Arabic letters about Latin lower case
    else if (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char)) width += 11;
    else width += 6.6;
  }
  return Math.ceil(width);
}

export interface BadgeParts {
  label: string;
  message: string;
  /** The message's background. */
  color: string;
  /** Accessible name: what the badge says in words. */
  title: string;
}

/** A shields.io-style flat badge: a grey label, a coloured message, both with a soft shadow. */
export function badgeSvg(parts: BadgeParts): string {
  const pad = 6;
  const left = textWidth(parts.label) + pad * 2;
  const right = textWidth(parts.message) + pad * 2;
  const width = left + right;
  const x = escapeXml;
  const text = (value: string, centre: number) =>
    `<text x="${centre * 10}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${textWidth(value) * 10}">${x(value)}</text>` +
    `<text x="${centre * 10}" y="140" transform="scale(.1)" fill="#fff" textLength="${textWidth(value) * 10}">${x(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${x(parts.title)}">`,
    `<title>${x(parts.title)}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${x(parts.color)}"/><rect width="${width}" height="20" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">`,
    text(parts.label, left / 2),
    text(parts.message, left + right / 2),
    '</g></svg>',
  ].join('');
}

/** Counts as badges write them: 1234 → 1.2k, 2500000 → 2.5M. */
export function badgeCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, '')}k`;
  return String(value);
}
