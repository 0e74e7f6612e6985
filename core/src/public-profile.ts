import { displayName, initials } from './format.ts';
import { t } from './i18n/translate.ts';
import { pageTitle } from './item-seo.ts';
import { HANDLE_PATTERN } from './profile-handle.ts';

/** What public_profile(_handle) returns: the public columns only, never the e-mail. */
export interface PublicProfile {
  handle: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  institution: string | null;
  bio: string | null;
  orcid_id: string | null;
  /** Domain names, in the taxonomy's order. */
  research_interests: string[];
  verified: boolean;
  member_since: string;
  /** Published reviews of published items (docs/product.md#reviews). */
  reviews: number;
}

type Named = Pick<PublicProfile, 'handle' | 'display_name' | 'first_name' | 'last_name'>;

/** The name a public profile shows: display name, else first plus last name, else @handle. */
export function publicProfileName(profile: Named): string {
  const name = displayName({ ...profile, email: null });
  const hasName = Boolean(profile.display_name?.trim() || profile.first_name?.trim() || profile.last_name?.trim());
  return hasName ? name : `@${profile.handle}`;
}

/** Avatar initials of a public profile; the handle's first letter when there is no name. */
export function publicProfileInitials(profile: Named): string {
  return initials({ ...profile, email: profile.handle });
}

export function publicProfileTitle(profile: Named): string {
  return pageTitle(publicProfileName(profile));
}

const DESCRIPTION_LENGTH = 160;

/** The meta description: the bio's start, else who and where. */
export function publicProfileDescription(profile: Named & Pick<PublicProfile, 'bio' | 'institution'>): string {
  const bio = profile.bio?.replace(/\s+/g, ' ').trim();
  if (bio) return bio.length <= DESCRIPTION_LENGTH ? bio : `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
  const name = publicProfileName(profile);
  return profile.institution?.trim()
    ? t('{name}, {institution}, on SciAI.', { name, institution: profile.institution.trim() })
    : t('{name} on SciAI.', { name });
}

/** The handle of a /u/:handle path, or undefined for any other path (or a malformed handle). */
export function parseProfilePath(pathname: string): string | undefined {
  const match = /^\/u\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  let handle: string;
  try {
    handle = decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return undefined;
  }
  return HANDLE_PATTERN.test(handle) ? handle : undefined;
}
