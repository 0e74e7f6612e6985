import { z } from 'zod';

/** An ORCID iD as written: four groups of four digits, the last character a digit or X. */
const ORCID_FORMAT = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/**
 * The ISO 7064 MOD 11-2 check character of the first 15 digits (ORCID's published algorithm):
 * '0'–'9', or 'X' for ten.
 */
export function orcidCheckCharacter(baseDigits: string): string {
  let total = 0;
  for (const digit of baseDigits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** True for a well-formed ORCID iD whose last character is the right check character. */
export function isValidOrcid(value: string): boolean {
  if (!ORCID_FORMAT.test(value)) return false;
  const digits = value.replaceAll('-', '');
  return orcidCheckCharacter(digits.slice(0, 15)) === digits.slice(15);
}

/** Why an ORCID iD cannot be saved, or null when it can (blank means "none"). */
export function orcidProblem(value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  if (trimmed === '') return null;
  if (!ORCID_FORMAT.test(trimmed)) return 'ORCID iD must look like 0000-0000-0000-0000';
  if (!isValidOrcid(trimmed)) return 'This ORCID iD is not valid (its check digit does not match)';
  return null;
}

/** The public record of an ORCID iD. */
export function orcidUrl(orcid: string): string {
  return `https://orcid.org/${orcid}`;
}

export const OrcidSchema = z.string().trim().toUpperCase().refine(isValidOrcid, 'Invalid ORCID iD');
