import { LICENSE_MAX_LENGTH, licenseStatus } from '../catalog/license-status.ts';
import { PartialDateSchema } from '../catalog/catalog-item.ts';
import { AVAILABILITIES, type Availability } from '../content.ts';
import { normaliseLicense } from '../catalog-build/license.ts';
import { t } from '../i18n/translate.ts';
import { checkLength, readDate, textOrNull } from './cell-readers.ts';
import type { ImportRecord, RowReader } from './row-reader.ts';

/**
 * The rules for facts (docs/product.md#facts) that the row rules (row-rules.ts) apply to a row's
 * cells: the author list, a company's founding year and its changing facts with their as-of date
 * and source, a tool's or an agent's licence and first release. Their messages are in the page's
 * language when read (English in the terminal).
 */

export const FACT_MESSAGES = {
  get foundedYear() {
    return t('founded_year must be a year between 1800 and 2100');
  },
  get firstRelease() {
    return t('first_release must be YYYY, YYYY-MM or YYYY-MM-DD');
  },
  get firstReleaseFuture() {
    return t('first_release is in the future');
  },
  get openSourceColumn() {
    return t(
      'open_source is not imported: it is derived from the licence. Leave the column out and give license as an SPDX id (e.g. MIT)',
    );
  },
  asOfFormat: (name: string) => t('{name}_as_of must be a date written YYYY-MM-DD', { name }),
  asOfFuture: (name: string) => t('{name}_as_of is in the future', { name }),
  dateWithoutFact: (name: string) => t('{name}_as_of and {name}_source need {name}', { name }),
  undated: (name: string) => t('{name} has no as-of date and source: its page will show it as undated', { name }),
  get availability() {
    return t('availability must be one of: {values}', { values: AVAILABILITIES.join(', ') });
  },
  unknownLicense: (license: string) =>
    t(
      'license "{license}" is not an SPDX id or expression: the page will claim neither open source nor source available',
      { license },
    ),
};

/**
 * docs/product.md#facts: the authors column lists every author in order; a last entry "et al."
 * (or "and others") says the list stops short. It is not a name: it is dropped and the paper is
 * marked incomplete, so pages and exports say "et al." instead of passing the list off as whole.
 */
export function readAuthorList(names: readonly string[]): { authors: string[]; complete: boolean } {
  const last = names.at(-1);
  const truncated = last !== undefined && /^(et\.?\s*al\.?|and\s+others)$/i.test(last.trim());
  return { authors: truncated ? names.slice(0, -1) : [...names], complete: !truncated };
}

export function readFoundedYear(reader: RowReader): number | null {
  const value = reader.cells.founded_year?.trim() ?? '';
  if (value === '') return null;
  if (!/^\d{4}$/.test(value) || Number(value) < 1800 || Number(value) > 2100) {
    reader.error(FACT_MESSAGES.foundedYear);
    return null;
  }
  return Number(value);
}

/**
 * A company fact that changes (docs/product.md#facts) with its `_as_of` date and `_source` link.
 * A date or link without the fact is an error; the fact without them is imported with a warning:
 * its page then says it is undated.
 */
export function readChangingFact(reader: RowReader, name: string, allowed: readonly string[] | null): ImportRecord {
  const value = reader.text(name, 200);
  if (value !== null && allowed !== null && !allowed.includes(value)) {
    reader.error(`${name} must be one of: ${allowed.join(', ')}`);
  }
  const asOf = reader.take(readDate(reader.cells[`${name}_as_of`] ?? '', FACT_MESSAGES.asOfFormat(name)), null);
  if (asOf !== null && asOf > new Date().toISOString().slice(0, 10)) reader.error(FACT_MESSAGES.asOfFuture(name));
  const source = reader.url(`${name}_source`);
  if (source !== null) reader.error(checkLength(source, 2_000, `${name}_source`));
  if (value === null && (asOf !== null || source !== null)) reader.error(FACT_MESSAGES.dateWithoutFact(name));
  if (value !== null && (asOf === null || source === null)) reader.warn(FACT_MESSAGES.undated(name));
  return { [name]: value, [`${name}_as_of`]: asOf, [`${name}_source`]: source };
}

/**
 * docs/product.md#facts: a licence, never an open_source flag (derived from the licence). The
 * licence is read as the catalog's sources are (catalog-build/license.ts): a name that says which
 * licence it is ('MIT License', 'Apache 2.0', 'GPL-3.0') becomes its current SPDX id, 'BSD' alone
 * 'BSD (variant unknown)'; anything else is kept as written.
 */
export function readLicense(reader: RowReader): ImportRecord {
  if ((reader.cells.open_source ?? '').trim() !== '') reader.error(FACT_MESSAGES.openSourceColumn);
  const written = reader.text('license', LICENSE_MAX_LENGTH);
  if (written === null || written.length > LICENSE_MAX_LENGTH) return { license: written };
  const normalised = normaliseLicense(written);
  const license = normalised === undefined ? written : (normalised.spdx ?? normalised.label);
  if (licenseStatus(license) === null) reader.warn(FACT_MESSAGES.unknownLicense(written));
  return { license };
}

/**
 * docs/product.md#facts: the weights' licence, apart from the code's and never derived from it.
 * Read as the code licence is (a name that says its licence becomes the SPDX id), but kept as
 * stated otherwise: model licences (OpenRAIL, community licences) are mostly not SPDX ids, and
 * nothing on the page is derived from it, so an unknown one is no warning.
 */
export function readWeightsLicense(reader: RowReader): string | null {
  const written = reader.text('weights_license', LICENSE_MAX_LENGTH);
  if (written === null || written.length > LICENSE_MAX_LENGTH) return written;
  const normalised = normaliseLicense(written);
  return normalised === undefined ? written : (normalised.spdx ?? normalised.label);
}

/**
 * docs/product.md#facts: how a tool or agent can be had, one of AVAILABILITIES; any letter case,
 * and 'API only' or 'api-only' as the page writes it.
 */
export function readAvailability(reader: RowReader): Availability | null {
  const written = reader.text('availability');
  if (written === null) return null;
  const value = written.toLowerCase().replace(/[\s-]+/g, '_');
  const known = AVAILABILITIES.find((availability) => availability === value);
  if (known === undefined) reader.error(FACT_MESSAGES.availability);
  return known ?? null;
}

/** A first release as precise as known; like the contribution wizard's, not in the future (UTC). */
export function readFirstRelease(reader: RowReader): string | null {
  const value = textOrNull(reader.cells.first_release);
  if (value === null) return null;
  if (!PartialDateSchema.safeParse(value).success) {
    reader.error(FACT_MESSAGES.firstRelease);
    return null;
  }
  if (value > new Date().toISOString().slice(0, value.length)) {
    reader.error(FACT_MESSAGES.firstReleaseFuture);
    return null;
  }
  return value;
}
