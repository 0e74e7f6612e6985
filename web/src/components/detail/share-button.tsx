import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

/**
 * 'Share': the system share sheet where the browser has one, else the link copied to the
 * clipboard with the toast 'Link copied'. Cancelling the share sheet is not an error.
 */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused (no user activation, unsupported data): copying still works.
      }
    }
    if (await copyText(url)) {
      notifications.show({ message: t('Link copied'), color: 'teal' });
    } else {
      notifications.show({ title: t('Could not copy the link'), message: url, color: 'red' });
    }
  };

  return (
    <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
      {t('Share')}
    </Button>
  );
}

/** The async Clipboard API where allowed (secure contexts), else a selected textarea and copy. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or document not focused: try the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
