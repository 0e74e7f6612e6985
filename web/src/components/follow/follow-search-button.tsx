import { useState } from 'react';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellPlus, IconCheck } from '@tabler/icons-react';
import {
  canonicalSearchQuery,
  filtersToQueryString,
  SAVED_SEARCH_LABEL_MAX_LENGTH,
  suggestedSearchLabel,
  type FilterState,
} from '@sciai/core';
import { useFollow, useFollowingUserId, useSignInAndReturn } from '../../hooks/use-follow.ts';
import { errorMessage } from './follow-button.tsx';

const CLOSE_TOAST = { closeButtonProps: { 'aria-label': 'Close notification' } };

/**
 * 'Follow this search' on /browse (docs/product.md#follows): saves the view's search, filters and
 * sort, under a name the user chooses, as a follow; the same view shows 'Following this search'
 * and unfollows. Nothing to follow while the view chooses nothing.
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
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-end" withArrow shadow="md" width={320}>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          aria-pressed={false}
          disabled={userId !== null && !follow.loaded}
          leftSection={<IconBellPlus size={16} aria-hidden />}
          onClick={() => {
            if (userId === null) {
              signIn();
              return;
            }
            setLabel(suggestedSearchLabel(filters, currentYear, domainName));
            setOpened((value) => !value);
          }}
        >
          Follow this search
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save(true, label.trim());
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name this search"
              description="New items it finds are counted on your Following page."
              value={label}
              maxLength={SAVED_SEARCH_LABEL_MAX_LENGTH}
              required
              data-autofocus
              onChange={(event) => setLabel(event.currentTarget.value)}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={follow.pending} disabled={!label.trim()}>
                Follow
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
