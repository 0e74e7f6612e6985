import { msg, t } from '../i18n/translate.ts';

/**
 * How a catalog source's licence and an item's provenance are named to readers: the detail
 * pages' Sources card, /about/data and the open-data files say them the same way
 * (docs/product.md#sources).
 */

/** The licences catalog_sources.license holds: an SPDX id, 'public-domain', or 'none' (facts only), the last two in words (messages, shown with `t`). */
const LICENSE_LABELS: Record<string, string> = {
  'CC-BY-4.0': 'CC BY 4.0',
  'CC-BY-SA-4.0': 'CC BY-SA 4.0',
  'CC0-1.0': 'CC0 1.0',
  MIT: 'MIT',
};
const LICENSE_WORDS: Record<string, string> = {
  'public-domain': msg('public domain'),
  none: msg('facts only – no licence'),
};

/**
 * "CC BY 4.0", "CC BY-SA 4.0 (share-alike)", "MIT", "public domain", "facts only – no licence": a
 * source without a licence is never one whose prose is copied (catalog_sources says so of every
 * source, and a harvest composes its items' descriptions from facts).
 */
export function sourceLicenseLabel(license: string, shareAlike = false): string {
  const words = LICENSE_WORDS[license];
  const label = words === undefined ? (LICENSE_LABELS[license] ?? license) : t(words);
  return shareAlike ? t('{license} (share-alike)', { license: label }) : label;
}

/** Where an item's description came from, as metadata.description_origin states it. */
export type DescriptionOrigin = { kind: 'source'; source: string } | { kind: 'composed from facts' };

/** metadata.description_origin when it has one of the two known shapes; anything else is not shown. */
export function descriptionOriginOf(
  metadata: Record<string, unknown> | null | undefined,
): DescriptionOrigin | undefined {
  const origin = metadata?.description_origin;
  if (!origin || typeof origin !== 'object') return undefined;
  const { kind, source } = origin as { kind?: unknown; source?: unknown };
  if (kind === 'composed from facts') return { kind };
  if (kind === 'source' && typeof source === 'string' && source) return { kind, source };
  return undefined;
}

/**
 * An FDA decision's page: a 510(k) (K…), a De Novo (DEN…) or a premarket approval (P…, with
 * its supplement, "P130020/S005", on the approval's page); anything else is not linked.
 */
export function fdaDecisionUrl(number: string): string | undefined {
  const approval = /^(P\d{6})(\/S\d{3})?$/.exec(number);
  if (approval) return `https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpma/pma.cfm?id=${approval[1]}`;
  if (/^DEN\d{6}$/.test(number)) {
    return `https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/denovo.cfm?id=${number}`;
  }
  if (/^K\d{6}$/.test(number)) {
    return `https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/pmn.cfm?ID=${number}`;
  }
  return undefined;
}

/** A package on PyPI: its project page. */
export const pypiUrl = (id: string) => `https://pypi.org/project/${encodeURIComponent(id)}/`;

/**
 * A conda package as best-of states it ("conda-forge/mace": channel and name) or a bare name
 * (conda-forge assumed): its page on anaconda.org.
 */
export function condaUrl(id: string): string {
  const [channel, name] = id.includes('/') ? id.split('/', 2) : ['conda-forge', id];
  return `https://anaconda.org/${encodeURIComponent(channel!)}/${encodeURIComponent(name!)}`;
}
