import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

/**
 * Shares a page through the system share sheet where the browser has one (Web Share API),
 * else copies its address and says so.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const share = async () => {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Dismissing the share sheet is not a failure; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'green', message: t('Link copied') });
    } catch {
      notifications.show({ color: 'red', title: t('Could not copy the link'), message: url });
    }
  };

  return (
    <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
      {t('Share')}
    </Button>
  );
}
