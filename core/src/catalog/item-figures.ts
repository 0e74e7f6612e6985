import { formatCount } from '../format.ts';
import type { ItemFigure, ItemFigureKind } from './item-figure-schemas.ts';
import { t } from '../i18n/translate.ts';
import { SHORT_MONTHS } from './fact-labels.ts';

const SOURCE_NAMES: Record<string, string> = {
  github: 'GitHub',
  openalex: 'OpenAlex',
  crossref: 'Crossref',
  huggingface: 'Hugging Face',
};

/** How a page names where a figure comes from: 'GitHub', 'OpenAlex', 'Crossref' … */
export function figureSourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

/**
 * The UTC day of a timestamp as the adoption card writes it ('20 Aug 2026'), without Intl: a
 * browse page writes one per card, and a first Intl date format costs a slow phone its ICU data.
 * Nothing for a text that is not a date.
 */
export function figureDate(iso: string): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return t('{day} {month} {year}', {
    day: at.getUTCDate(),
    month: t(SHORT_MONTHS[at.getUTCMonth()]!),
    year: at.getUTCFullYear(),
  });
}

/** 'as of 20 Aug 2026, via best-of-atomistic-machine-learning': when, and through which list. */
function provenance(figure: ItemFigure): string {
  const date = figureDate(figure.as_of);
  const via = figure.via;
  if (date && via) return t('as of {date}, via {list}', { date, list: via });
  if (date) return t('as of {date}', { date });
  return via ? t('via {list}', { list: via }) : '';
}

/**
 * The figure in words, as detail pages and the item's Markdown say it: '1.2K stars on GitHub,
 * as of 20 Aug 2026, via best-of-atomistic-machine-learning', '310 citations on OpenAlex, as of
 * 2 Sep 2026'. Counts shortened as everywhere (docs/product.md#count-format).
 */
export function figureSentence(kind: ItemFigureKind, figure: ItemFigure): string {
  const value = Math.round(figure.value);
  const values = { value, count: formatCount(value), source: figureSourceName(figure.source) };
  const what =
    kind === 'github_stars'
      ? t('{value, plural, one {{count} star on {source}} other {{count} stars on {source}}}', values)
      : t('{value, plural, one {{count} citation on {source}} other {{count} citations on {source}}}', values);
  const when = provenance(figure);
  return when ? t('{what}, {when}', { what, when }) : what;
}

/**
 * What a compact figure is, for its accessible label and tooltip: 'GitHub stars, as of 20 Aug
 * 2026, via …', 'Citations on OpenAlex, as of 2 Sep 2026'.
 */
export function figureLabel(kind: ItemFigureKind, figure: ItemFigure): string {
  const what =
    kind === 'github_stars'
      ? t('GitHub stars')
      : t('Citations on {source}', { source: figureSourceName(figure.source) });
  const when = provenance(figure);
  return when ? t('{what}, {when}', { what, when }) : what;
}

/** 'GitHub, as of 20 Aug 2026': the line under a figure shown on its own. */
export function figureSourceLine(figure: ItemFigure): string {
  const when = provenance(figure);
  return when ? t('{what}, {when}', { what: figureSourceName(figure.source), when }) : figureSourceName(figure.source);
}
