import { Badge, Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { formatCount } from '@sciai/core';
import type { FollowTarget } from '../../data/follows.ts';
import { useFollow } from '../../hooks/use-follow.ts';
import { useSignInAndReturn } from '../../hooks/use-following-user.ts';
import { t } from '../../i18n/index.ts';

/** Toasts' close buttons need a name for screen readers. */
export const closeToast = () => ({ closeButtonProps: { 'aria-label': t('Close notification') } });

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface FollowButtonProps {
  target: FollowTarget;
  /** What the thing is called, in the toasts and for screen readers after the label. */
  name: string;
  /** 'Follow' (translated), or 'Follow Company' on a company page. */
  label?: string;
  /** Shows the follower count beside the label, where the thing has a public one. */
  showCount?: boolean;
  size?: ButtonProps['size'];
}

/**
 * Follow / Following (docs/product.md#follows). A visitor goes to sign in and comes back to this
 * page; the count is the real number of followers.
 */
export function FollowButton({ target, name, label, showCount = true, size = 'sm' }: FollowButtonProps) {
  const follow = useFollow(target);
  const signIn = useSignInAndReturn();

  const toggle = async () => {
    if (!follow.signedIn) {
      signIn();
      return;
    }
    const next = !follow.following;
    try {
      await follow.setFollowing(next);
      notifications.show({
        ...closeToast(),
        color: 'green',
        message: next ? t('You are following {name}', { name }) : t('You no longer follow {name}', { name }),
      });
    } catch (error) {
      notifications.show({
        ...closeToast(),
        color: 'red',
        message: errorMessage(error, next ? t('Failed to follow') : t('Failed to unfollow')),
      });
    }
  };

  const busy = follow.pending || follow.sessionLoading;
  const Icon = follow.following ? IconCheck : IconPlus;
  const count = showCount && follow.followers !== null ? follow.followers : null;
  return (
    <Button
      size={size}
      variant={follow.following ? 'filled' : 'light'}
      aria-pressed={follow.following}
      data-follow-button={`${target.type}:${target.target}`}
      disabled={busy}
      leftSection={<Icon size={16} aria-hidden />}
      rightSection={
        count !== null && (
          <Badge size="sm" variant="white" c="var(--mantine-color-text)" data-follower-count>
            {formatCount(count)}
            <VisuallyHidden> {t('{count, plural, one {follower} other {followers}}', { count })}</VisuallyHidden>
          </Badge>
        )
      }
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggle();
      }}
    >
      {follow.pending ? t('Loading...') : follow.following ? t('Following') : (label ?? t('Follow'))}
      <VisuallyHidden>: {name}</VisuallyHidden>
    </Button>
  );
}
