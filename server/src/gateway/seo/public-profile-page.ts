import type pg from 'pg';
import {
  pageTitle,
  publicProfileDescription,
  publicProfilePath,
  publicProfileTitle,
  type PublicProfile,
  t,
} from '@sciai/core';
import type { PageHead } from './head-tags.ts';

/** The head a crawler gets for /u/:handle: 200 with the profile's, or 404 (malformed, unknown or private). */
export interface ProfilePage {
  status: 200 | 404;
  head: PageHead;
}

/**
 * Reads the profile through public_profile(), the same function the app calls, so a private
 * profile is a 404 here exactly when it is one in the app. Not cached: switching a profile to
 * private must hide it at once.
 */
export async function renderPublicProfilePage(
  pool: pg.Pool,
  handle: string | undefined,
  path: string,
  origin: string,
): Promise<ProfilePage> {
  const profile = handle
    ? (await pool.query<PublicProfile>('select * from public.public_profile($1)', [handle])).rows[0]
    : undefined;
  if (!profile) {
    return {
      status: 404,
      head: {
        title: pageTitle(t('Page not found')),
        description: t('The page you are looking for does not exist or has moved.'),
        canonical: `${origin}${path}`,
        ogType: 'website',
        noindex: true,
      },
    };
  }
  return {
    status: 200,
    head: {
      title: publicProfileTitle(profile),
      description: publicProfileDescription(profile),
      canonical: `${origin}${publicProfilePath(profile.handle)}`,
      ogType: 'website',
    },
  };
}
