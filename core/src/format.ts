import { formatCompactCount } from './i18n/format-locale.ts';

/**
 * Counts of 1,000 or more read as K, of 1,000,000 or more as M, with one decimal
 * (docs/product.md#count-format), in the language messages are shown in.
 */
export function formatCount(value: number): string {
  return formatCompactCount(value);
}

/**
 * Latin letters Unicode does not split into a base letter and an accent, spelled as readers
 * would without the accent ('Ørsted' → 'orsted', 'Straße' → 'strasse', not 'rsted', 'strae').
 */
const UNDECOMPOSED_LETTERS = new Map(
  Object.entries({
    o: 'øØ',
    l: 'łŁ',
    d: 'đĐðÐ',
    h: 'ħĦ',
    t: 'ŧŦ',
    i: 'ı',
    ss: 'ßẞ',
    ae: 'æÆ',
    oe: 'œŒ',
    th: 'þÞ',
  }).flatMap(([ascii, letters]) => [...letters].map((letter) => [letter, ascii] as const)),
);
const UNDECOMPOSED_LETTER = new RegExp(`[${[...UNDECOMPOSED_LETTERS.keys()].join('')}]`, 'g');

/**
 * The longest slug, a '-2' or '-3a1b2c3d' suffix included (docs/product.md#slugs). 100 is also
 * the gateway router's default bound on one path parameter; a detail address stays easy to paste
 * and to read.
 */
export const SLUG_MAX_LENGTH = 100;

/**
 * Lowercase, accents dropped, non-alphanumerics removed, spaces become hyphens, at most
 * SLUG_MAX_LENGTH characters with no hyphen at either end (docs/product.md#slugs). The
 * database's public.slugify is the same rule, so an item gets the same slug whether it is
 * imported, harvested or approved from a contribution.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNDECOMPOSED_LETTER, (letter) => UNDECOMPOSED_LETTERS.get(letter) ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/**
 * A slug made unique by a suffix: the base cut so that base, hyphen and suffix stay within
 * SLUG_MAX_LENGTH (the database's public.suffixed_slug).
 */
export function suffixedSlug(base: string, suffix: string): string {
  return `${base.slice(0, SLUG_MAX_LENGTH - 1 - suffix.length).replace(/-+$/, '')}-${suffix}`;
}

export interface NameParts {
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** Avatar initials: display name, else first and last name, else the e-mail's first letter, else 'U'. */
export function initials(person: NameParts): string {
  const fromWords = (text: string) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('');
  const display = person.display_name?.trim();
  if (display) return fromWords(display);
  const names = [person.first_name, person.last_name]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
  if (names) return fromWords(names);
  const email = person.email?.trim();
  if (email) return email[0]!.toUpperCase();
  return 'U';
}

/** Name shown in the user menu: display name, else first plus last, else e-mail, else 'User'. */
export function displayName(person: NameParts): string {
  const display = person.display_name?.trim();
  if (display) return display;
  const names = [person.first_name, person.last_name]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
  if (names) return names;
  return person.email?.trim() || 'User';
}
