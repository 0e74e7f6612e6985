import { lazy, Suspense } from 'react';
import { canonicalSearchQuery, filtersToQueryString, type FilterState } from '@sciai/core';
import { useFollowingUserId, useSignInAndReturn } from '../../hooks/use-following-user.ts';
import { FollowSearchTrigger } from './follow-search-trigger.tsx';

const SignedInFollowSearch = lazy(() =>
  import('./signed-in-follow-search.tsx').then((module) => ({ default: module.SignedInFollowSearch })),
);

export interface FollowSearchButtonProps {
  filters: FilterState;
  currentYear: number;
  domainName: (slug: string) => string;
}

/**
 * 'Follow this search' on /browse (docs/product.md#follows): saves the view's search, filters and
 * sort, under a name the user chooses, as a follow; the same view shows 'Following this search'
 * and unfollows. Nothing to follow while the view chooses nothing. A visitor's button only sends
 * them to sign in: the follow state, its calls and the naming popover load once someone is signed
 * in (signed-in-follow-search.tsx), not with the page.
 */
export function FollowSearchButton({ filters, currentYear, domainName }: FollowSearchButtonProps) {
  const query = canonicalSearchQuery(filtersToQueryString(filters, 'grid', currentYear), currentYear);
  const userId = useFollowingUserId();
  const signIn = useSignInAndReturn();
  if (!query) return null;
  if (userId === null) return <FollowSearchTrigger onClick={signIn} />;
  return (
    <Suspense fallback={<FollowSearchTrigger disabled />}>
      <SignedInFollowSearch query={query} filters={filters} currentYear={currentYear} domainName={domainName} />
    </Suspense>
  );
}
