import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellPlus, IconCheck } from '@tabler/icons-react';
import { canonicalSearchQuery, filtersToQueryString, suggestedSearchLabel, type FilterState } from '@sciai/core';
import { useFollow, useFollowingUserId, useSignInAndReturn } from '../../hooks/use-follow.ts';
import { errorMessage } from './follow-button.tsx';

const CLOSE_TOAST = { closeButtonProps: { 'aria-label': 'Close notification' } };

const loadPopover = () => import('./follow-search-popover.tsx');
const FollowSearchPopover = lazy(() => loadPopover().then((module) => ({ default: module.FollowSearchPopover })));
const preloadPopover = () => void loadPopover().catch(() => undefined);

/**
 * 'Follow this search' on /browse (docs/product.md#follows): saves the view's search, filters and
 * sort, under a name the user chooses, as a follow; the same view shows 'Following this search'
 * and unfollows. Nothing to follow while the view chooses nothing. The naming popover (Mantine's
 * Popover and the floating layer under it) loads as the pointer or focus reaches the button, or
 * on its first press, signed in, not with the page: a visitor without a session never opens it.
 */
export function FollowSearchButton({
  filters,
  currentYear,
  domainName,
}: {
  filters: FilterState;
  currentYear: number;
  domainName: (slug: string) => string;
}) {
  const query = canonicalSearchQuery(filtersToQueryString(filters, 'grid', currentYear), currentYear);
  const userId = useFollowingUserId();
  // a visitor's view has no follow to look up: nothing is asked for until someone signs in
  const follow = useFollow(query && userId ? { type: 'search', target: query } : null);
  const signIn = useSignInAndReturn();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [label, setLabel] = useState('');
  if (!query) return null;

  const save = async (following: boolean, name?: string) => {
    try {
      await follow.setFollowing(following, name);
      setOpened(false);
      notifications.show({
        ...CLOSE_TOAST,
        color: 'green',
        message: following ? 'Search saved: you are following it' : 'You no longer follow this search',
      });
    } catch (error) {
      notifications.show({
        ...CLOSE_TOAST,
        color: 'red',
        message: errorMessage(error, following ? 'Failed to follow' : 'Failed to unfollow'),
      });
    }
  };

  if (follow.following) {
    return (
      <Button
        size="xs"
        variant="filled"
        aria-pressed
        loading={follow.pending}
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => void save(false)}
      >
        Following this search
      </Button>
    );
  }
  const trigger = (
    <Button
      size="xs"
      variant="light"
      aria-pressed={false}
      disabled={userId !== null && !follow.loaded}
      leftSection={<IconBellPlus size={16} aria-hidden />}
      onPointerEnter={userId === null ? undefined : preloadPopover}
      onFocus={userId === null ? undefined : preloadPopover}
      onClick={() => {
        if (userId === null) {
          signIn();
          return;
        }
        setLabel(suggestedSearchLabel(filters, currentYear, domainName));
        setWanted(true);
        setOpened((value) => !value);
      }}
    >
      Follow this search
    </Button>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <FollowSearchPopover
        trigger={trigger}
        opened={opened}
        onChange={setOpened}
        label={label}
        onLabelChange={setLabel}
        pending={follow.pending}
        onSubmit={() => void save(true, label.trim())}
      />
    </Suspense>
  );
}
