import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { suggestedSearchLabel, type FilterState } from '@sciai/core';
import { useFollow } from '../../hooks/use-follow.ts';
import { closeToast, errorMessage } from './follow-button.tsx';
import { FollowSearchTrigger } from './follow-search-trigger.tsx';
import { t } from '../../i18n/index.ts';

export interface SignedInFollowSearchProps {
  /** The view's search as it is followed (canonicalSearchQuery). */
  query: string;
  filters: FilterState;
  currentYear: number;
  domainName: (slug: string) => string;
}

const loadPopover = () => import('./follow-search-popover.tsx');
const FollowSearchPopover = lazy(() => loadPopover().then((module) => ({ default: module.FollowSearchPopover })));
const preloadPopover = () => void loadPopover().catch(() => undefined);

/**
 * 'Follow this search' for a signed-in user (follow-search-button.tsx): their follow of the view's
 * search, 'Following this search' to unfollow it, and the popover that names a new one (Mantine's
 * Popover and the floating layer under it), which loads as the pointer or focus reaches the
 * button, or on its first press.
 */
export function SignedInFollowSearch({ query, filters, currentYear, domainName }: SignedInFollowSearchProps) {
  const follow = useFollow({ type: 'search', target: query });
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [label, setLabel] = useState('');

  const save = async (following: boolean, name?: string) => {
    try {
      await follow.setFollowing(following, name);
      setOpened(false);
      notifications.show({
        ...closeToast(),
        color: 'green',
        message: following ? t('Search saved: you are following it') : t('You no longer follow this search'),
      });
    } catch (error) {
      notifications.show({
        ...closeToast(),
        color: 'red',
        message: errorMessage(error, following ? t('Failed to follow') : t('Failed to unfollow')),
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
        {t('Following this search')}
      </Button>
    );
  }
  const trigger = (
    <FollowSearchTrigger
      disabled={!follow.loaded}
      onPointerEnter={preloadPopover}
      onFocus={preloadPopover}
      onClick={() => {
        setLabel(suggestedSearchLabel(filters, currentYear, domainName));
        setWanted(true);
        setOpened((value) => !value);
      }}
    />
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
