import spdxLicenseList from './spdx-licenses.json' with { type: 'json' };
import { t } from '../i18n/translate.ts';

/**
 * What a licence lets the catalog claim (docs/product.md#facts). `open_source` is never typed by
 * hand: it is derived from the licence, here and in SQL (public.license_status in
 * supabase/schemas/01_catalog.sql), by the same rule, which a test holds equal on both sides.
 *
 * - 'open_source': the licence is an SPDX id (or an expression of ids joined by AND / OR, each
 *   maybe WITH an exception) and some OR branch is made only of OSI-approved licences;
 * - 'source_available': every id is on the SPDX list, but no branch is all OSI-approved
 *   (CC-BY-NC-4.0, BUSL-1.1, …);
 * - null: claim nothing: no licence, a name that is not an SPDX id ('Commercial', 'BSD'), or an
 *   expression with parentheses (not read here).
 */
export type LicenseStatus = 'open_source' | 'source_available';

/** The SPDX licence list's ids with their isOsiApproved flag (spdx-licenses.json, SPDX's own format). */
export const SPDX_LICENSE_LIST_VERSION: string = spdxLicenseList.licenseListVersion;
export const SPDX_LICENSES: readonly { licenseId: string; isOsiApproved: boolean }[] = spdxLicenseList.licenses;

const OSI_APPROVED = new Map(SPDX_LICENSES.map((license) => [license.licenseId.toLowerCase(), license.isOsiApproved]));

/** The longest licence text the catalog keeps (a check on software.license and agents.license). */
export const LICENSE_MAX_LENGTH = 200;

// ASCII blanks only, as the SQL's E'[ \t\r\n]' (JavaScript's \s also matches Unicode spaces).
const BLANKS = '[ \\t\\r\\n]';
const OR = new RegExp(`${BLANKS}+OR${BLANKS}+`);
const AND = new RegExp(`${BLANKS}+AND${BLANKS}+`);
const TERM = new RegExp(`^([A-Za-z0-9.+-]+)(${BLANKS}+WITH${BLANKS}+[A-Za-z0-9.+-]+)?$`);
const trimBlanks = (value: string) => value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** Whether an SPDX id is OSI-approved; undefined when it is not on the SPDX list. Case-insensitive. */
export function spdxOsiApproved(licenseId: string): boolean | undefined {
  return OSI_APPROVED.get(licenseId.toLowerCase());
}

export function licenseStatus(license: string | null | undefined): LicenseStatus | null {
  if (license === null || license === undefined) return null;
  const trimmed = trimBlanks(license);
  if (trimmed === '' || license.length > LICENSE_MAX_LENGTH || /[()]/.test(license)) return null;
  let anyBranchOpen = false;
  for (const branch of trimmed.split(OR)) {
    let allOsi = true;
    for (const term of branch.split(AND)) {
      const id = TERM.exec(trimBlanks(term))?.[1];
      const osi = id === undefined ? undefined : spdxOsiApproved(id);
      if (osi === undefined) return null;
      if (!osi) allOsi = false;
    }
    if (allOsi) anyBranchOpen = true;
  }
  return anyBranchOpen ? 'open_source' : 'source_available';
}

/** The open_source flag the database derives from a licence. */
export function isOpenSourceLicense(license: string | null | undefined): boolean {
  return licenseStatus(license) === 'open_source';
}

/**
 * How a page states what the licence lets it claim (docs/product.md#facts): 'Open source' for an
 * OSI-approved licence, 'Source available' for another SPDX licence, else nothing.
 */
export function licenseClaimLabel(license: string | null | undefined): string | undefined {
  const status = licenseStatus(license);
  if (status === 'open_source') return t('Open source');
  if (status === 'source_available') return t('Source available');
  return undefined;
}
