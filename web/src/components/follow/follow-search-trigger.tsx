import type { Ref } from 'react';
import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

export type FollowSearchTriggerProps = ButtonProps &
  ElementProps<'button', keyof ButtonProps> & { ref?: Ref<HTMLButtonElement> };

/**
 * The 'Follow this search' button, the same for a visitor (who is sent to sign in), while a
 * signed-in user's follow state loads, and as the target of the naming popover.
 */
export function FollowSearchTrigger(props: FollowSearchTriggerProps) {
  return (
    <Button
      size="xs"
      variant="light"
      aria-pressed={false}
      leftSection={<IconBellPlus size={16} aria-hidden />}
      {...props}
    >
      {t('Follow this search')}
    </Button>
  );
}
