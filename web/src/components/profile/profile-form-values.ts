import { handleProblem, orcidProblem, t } from '@sciai/core';
import type { UserProfile, UserProfileUpdate } from '../../data/profile.ts';

export interface ProfileFormValues {
  displayName: string;
  firstName: string;
  lastName: string;
  handle: string;
  institution: string;
  orcid: string;
  bio: string;
  researchInterests: string[];
}

export function profileFormValues(profile: UserProfile | null): ProfileFormValues {
  return {
    displayName: profile?.display_name ?? '',
    firstName: profile?.first_name ?? '',
    lastName: profile?.last_name ?? '',
    handle: profile?.handle ?? '',
    institution: profile?.institution ?? '',
    orcid: profile?.orcid_id ?? '',
    bio: profile?.bio ?? '',
    researchInterests: profile?.research_interests ?? [],
  };
}

const longerThan = (limit: number) => (value: string) =>
  value.trim().length > limit ? t('At most {limit} characters', { limit }) : null;

/** The form's rules: the database's limits, and core's handle and ORCID rules. */
export const profileFormRules = {
  displayName: longerThan(100),
  firstName: longerThan(100),
  lastName: longerThan(100),
  institution: longerThan(200),
  bio: longerThan(2000),
  handle: handleProblem,
  orcid: orcidProblem,
};

/** Blank after trimming is stored as null. */
const orNull = (value: string) => value.trim() || null;

/** The row update for the values: trimmed, blanks as null, the ORCID check letter upper-case. */
export function profileUpdateFrom(values: ProfileFormValues): UserProfileUpdate {
  return {
    display_name: orNull(values.displayName),
    first_name: orNull(values.firstName),
    last_name: orNull(values.lastName),
    handle: orNull(values.handle),
    institution: orNull(values.institution),
    orcid_id: orNull(values.orcid.toUpperCase()),
    bio: orNull(values.bio),
    research_interests: [...new Set(values.researchInterests)],
  };
}

/** A message for a refused save: the database's constraint names say which field was wrong. */
export function profileSaveProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('user_profiles_handle_key')) return t('This handle is already taken. Please choose another.');
  if (message.includes('user_profiles_orcid_checksum')) return t('This ORCID iD is not valid.');
  return t('Failed to save profile');
}
