import { SPDX_LICENSES, spdxOsiApproved } from '../catalog/license-status.ts';

/**
 * A source's licence text normalised to an SPDX id where the text says which licence it is.
 * 'BSD' without a clause count stays unresolved as "BSD (variant unknown)" (an OSI-approved
 * family, but no one id); names that are no licence ('Other', 'Proprietary', a URL) give no id.
 */
export interface NormalisedLicense {
  /** An SPDX id, or undefined when the text does not name one licence. */
  spdx?: string;
  /** What the catalog shows. */
  label: string;
  /** The licence family is OSI-approved (every BSD variant is). */
  osiFamily: boolean;
}

const ALIASES: Record<string, string> = {
  mit: 'MIT',
  'mit license': 'MIT',
  'the mit license': 'MIT',
  'apache 2.0': 'Apache-2.0',
  'apache-2': 'Apache-2.0',
  'apache 2': 'Apache-2.0',
  'apache license 2.0': 'Apache-2.0',
  'apache license, version 2.0': 'Apache-2.0',
  'apache-2.0 license': 'Apache-2.0',
  'gpl-3.0 license': 'GPL-3.0-only',
  'gpl-2.0 license': 'GPL-2.0-only',
  gpl: 'GPL (version unknown)',
  'gpl-3': 'GPL-3.0-only',
  gplv3: 'GPL-3.0-only',
  'gpl-2': 'GPL-2.0-only',
  gplv2: 'GPL-2.0-only',
  'lgpl-3': 'LGPL-3.0-only',
  'lgpl-2': 'LGPL-2.0-only',
  'bsd-3': 'BSD-3-Clause',
  'bsd 3-clause': 'BSD-3-Clause',
  'bsd-2': 'BSD-2-Clause',
  'bsd 2-clause': 'BSD-2-Clause',
  'new bsd': 'BSD-3-Clause',
  'simplified bsd': 'BSD-2-Clause',
  'mpl-2': 'MPL-2.0',
  'cc-by-4': 'CC-BY-4.0',
};

/** Deprecated SPDX ids the sources use, to the current id with the same meaning. */
const DEPRECATED: Record<string, string> = {
  'GPL-3.0': 'GPL-3.0-only',
  'GPL-2.0': 'GPL-2.0-only',
  'LGPL-3.0': 'LGPL-3.0-only',
  'LGPL-2.1': 'LGPL-2.1-only',
  'LGPL-2.0': 'LGPL-2.0-only',
  'AGPL-3.0': 'AGPL-3.0-only',
  'GPL-3.0+': 'GPL-3.0-or-later',
  'GPL-2.0+': 'GPL-2.0-or-later',
  'LGPL-2.1+': 'LGPL-2.1-or-later',
  'LGPL-3.0+': 'LGPL-3.0-or-later',
};

const SPDX_IDS = new Map(SPDX_LICENSES.map((license) => [license.licenseId.toLowerCase(), license.licenseId]));

/** The SPDX id a text is, in SPDX's own spelling; undefined when it is not one. */
const DEPRECATED_BY_LOWER = new Map(Object.entries(DEPRECATED).map(([id, current]) => [id.toLowerCase(), current]));

function spdxId(text: string): string | undefined {
  const deprecated = DEPRECATED_BY_LOWER.get(text.toLowerCase());
  if (deprecated !== undefined) return deprecated;
  const id = SPDX_IDS.get(text.toLowerCase());
  return id;
}

export function normaliseLicense(raw: string | undefined): NormalisedLicense | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const lower = text.toLowerCase();
  if (/^(the )?bsd( licen[cs]e)?$/.test(lower)) return { label: 'BSD (variant unknown)', osiFamily: true };
  const withoutSuffix = lower.replace(/ licen[cs]e$/, '');
  const alias = ALIASES[lower] ?? ALIASES[withoutSuffix];
  if (alias === 'GPL (version unknown)') return { label: alias, osiFamily: true };
  const id = spdxId(alias ?? text) ?? spdxId(withoutSuffix);
  if (id !== undefined) return { spdx: id, label: id, osiFamily: spdxOsiApproved(id) === true };
  return { label: text, osiFamily: false };
}
