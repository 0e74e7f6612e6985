import { useEffect, useEffectEvent, useState } from 'react';
import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { signInPathFor, type ContentType } from '@sciai/core';
import { useSavedItems } from '../../hooks/use-saved-items.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { msg, t } from '../../i18n/index.ts';

/** The button texts (docs/product.md#saves); agents follow tools and papers ('Save Agent'). Shown with `t`. */
export const SAVE_LABELS: Record<ContentType, string> = {
  software: msg('Save Tool'),
  paper: msg('Save Paper'),
  company: msg('Save Company'),
  agent: msg('Save Agent'),
};

export interface SaveButtonProps {
  itemId: string;
  contentType: ContentType;
  /** Read to screen readers after the label: many cards have this button. */
  title: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/** Toasts' close buttons need a name for screen readers (made when shown: in the page's language). */
const closeToast = () => ({ closeButtonProps: { 'aria-label': t('Close notification') } });

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The saved state (docs/product.md#saves): Save → 'Loading...' → Saved, and back. The change shows at once and is
 * undone if the server refuses. A visitor goes to sign-in and comes back to this page.
 */
export function SaveButton({ itemId, contentType, title, size = 'xs', fullWidth }: SaveButtonProps) {
  const { signedIn, isSaved, setSaved } = useSavedItems();
  const [pending, setPending] = useState(false);
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const saved = isSaved(itemId);
  // A press before the session is restored (supabase-js loads after the first paint) waits for it,
  // so a signed-in user saves rather than being sent to sign in.
  const { loading: sessionLoading } = useAuth();
  const [queued, setQueued] = useState(false);

  const toggle = async () => {
    if (!signedIn) {
      navigate(signInPathFor(`${pathname}${search ? `?${search}` : ''}`));
      return;
    }
    setPending(true);
    try {
      await setSaved(itemId, !saved);
      notifications.show({
        ...closeToast(),
        color: 'green',
        message: saved ? t('Item removed from your library') : t('Item saved to your library'),
      });
    } catch (error) {
      notifications.show({
        ...closeToast(),
        color: 'red',
        message: errorMessage(error, saved ? t('Failed to remove item') : t('Failed to save item')),
      });
    } finally {
      setPending(false);
    }
  };

  // The queued press runs once the session is restored, with that render's state (signed in or not).
  const runQueuedPress = useEffectEvent(() => {
    setQueued(false);
    void toggle();
  });
  useEffect(() => {
    // The session's restoring is an outside event an effect is for, and the press it releases
    // re-renders the button (Saved, Loading...) once: the cascade the rule warns of is this one render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (queued && !sessionLoading) runQueuedPress();
  }, [queued, sessionLoading]);

  const Icon = saved ? IconBookmarkFilled : IconBookmark;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={saved ? 'filled' : 'light'}
      aria-pressed={saved}
      data-save-button={itemId}
      disabled={pending || queued}
      leftSection={<Icon size={16} aria-hidden />}
      onClick={(event) => {
        // Cards may be links or open a quick view; saving must not do that too.
        event.preventDefault();
        event.stopPropagation();
        if (sessionLoading) setQueued(true);
        else void toggle();
      }}
    >
      {pending || queued ? t('Loading...') : saved ? t('Saved') : t(SAVE_LABELS[contentType])}
      <VisuallyHidden>{t(': {title}', { title })}</VisuallyHidden>
    </Button>
  );
}
