import type { ContentType } from '../content.ts';
import type { SortOption } from '../filters/filter-state.ts';
import { SITE_NAME } from '../item-seo.ts';

/** What the embed builder sets: the widget's filters and looks. */
export interface EmbedChoice {
  domain: string;
  type: ContentType | '';
  sort: SortOption;
  limit: number;
  theme: 'light' | 'dark';
  accent: string;
  title: string;
}

export const EMBED_LIMIT_RANGE = { min: 1, max: 20 } as const;

/** The query of /embed for a choice: only what differs from the widget's defaults. */
export function embedParams(choice: EmbedChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.domain) params.set('domain', choice.domain);
  if (choice.type) params.set('type', choice.type);
  if (choice.sort !== 'relevance') params.set('sort', choice.sort);
  params.set('limit', String(Math.min(Math.max(Math.round(choice.limit) || 5, 1), EMBED_LIMIT_RANGE.max)));
  if (choice.theme === 'dark') params.set('theme', 'dark');
  const accent = choice.accent.trim().replace(/^#/, '');
  if (/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent)) params.set('accent', accent);
  const title = choice.title.replace(/\s+/g, ' ').trim().slice(0, 80);
  if (title) params.set('title', title);
  return params;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The iframe to paste: the widget's address, a title for screen readers, a height for the list. */
export function embedIframeSnippet(origin: string, choice: EmbedChoice): string {
  const params = embedParams(choice);
  const height = 70 + Number(params.get('limit')) * 74;
  const title = params.get('title') ?? `AI tools for science on ${SITE_NAME}`;
  return (
    `<iframe src="${attribute(`${origin}/embed?${params.toString()}`)}" title="${attribute(title)}" ` +
    `width="100%" height="${height}" style="max-width:480px;border:1px solid #dee2e6;border-radius:8px" ` +
    `loading="lazy" referrerpolicy="no-referrer"></iframe>`
  );
}

/** The script variant: embed.js reads its data-… attributes and puts the same iframe in its place. */
export function embedScriptSnippet(origin: string, choice: EmbedChoice): string {
  const data = [...embedParams(choice)].map(([name, value]) => ` data-${name}="${attribute(value)}"`).join('');
  return `<script src="${attribute(`${origin}/embed.js`)}"${data} async></script>`;
}
