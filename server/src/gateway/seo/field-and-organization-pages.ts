import type pg from 'pg';
import { fieldPageHead, fieldPath, organizationPageHead, organizationPath, pageTitle, t } from '@sciai/core';
import type { PageHead } from './head-tags.ts';

/** The head a crawler gets for /field/:slug or /org/:id: 200 with the page's, or 404. */
export interface FollowablePage {
  status: 200 | 404;
  head: PageHead;
}

function notFound(origin: string, path: string): FollowablePage {
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

function segment(pathname: string): string | undefined {
  const raw = /^\/[a-z]+\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (raw === undefined) return undefined;
  try {
    const value = decodeURIComponent(raw);
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u001f\u007f]/.test(value) ? undefined : value;
  } catch {
    return undefined;
  }
}

/**
 * Reads the page through the same function the app calls (field_page, organization_page,
 * 23_follows.sql), so an unknown field or organization is a 404 here exactly when the app shows
 * its not-found page.
 */
export async function renderFollowablePage(
  pool: pg.Pool,
  kind: 'field' | 'organization',
  pathname: string,
  path: string,
  origin: string,
): Promise<FollowablePage> {
  const key = segment(pathname);
  if (!key) return notFound(origin, path);
  if (kind === 'field') {
    const { rows } = await pool.query<{
      page: { slug: string; name: string; description: string | null; item_count: number } | null;
    }>('select public.field_page($1) as page', [key]);
    const field = rows[0]?.page;
    if (!field) return notFound(origin, path);
    return {
      status: 200,
      head: { ...fieldPageHead(field), canonical: `${origin}${fieldPath(field.slug)}`, ogType: 'website' },
    };
  }
  const { rows } = await pool.query<{
    page: { id: string; name: string; description: string | null; item_count: number } | null;
  }>('select public.organization_page($1) as page', [key]);
  const organization = rows[0]?.page;
  if (!organization) return notFound(origin, path);
  return {
    status: 200,
    head: {
      ...organizationPageHead(organization),
      canonical: `${origin}${organizationPath(organization.id)}`,
      ogType: 'website',
    },
  };
}
