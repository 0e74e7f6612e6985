import { useEffect, useRef, useState } from 'react';
import { Button, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

const COPIED_FOR_MS = 2_000;

/** Copies the absolute address of `href` (a path of this site) for sharing. */
export function CopyLinkButton({ href }: { href: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    const url = new URL(href, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    } catch {
      notifications.show({
        color: 'red',
        title: t('Could not copy the link'),
        message: t('Copy it from here: {url}', { url }),
      });
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
        onClick={() => void copy()}
      >
        {copied ? t('Link copied') : t('Copy link')}
      </Button>
      <VisuallyHidden role="status">{copied ? t('Link to this comparison copied') : ''}</VisuallyHidden>
    </>
  );
}
