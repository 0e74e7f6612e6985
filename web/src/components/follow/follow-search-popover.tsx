import type { ReactElement } from 'react';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { SAVED_SEARCH_LABEL_MAX_LENGTH } from '@sciai/core';
import { t } from '../../i18n/index.ts';

/**
 * The 'Follow this search' button's popover, where the search is named before it is followed
 * (docs/product.md#follows). Loaded on demand by follow-search-button.tsx, whose button it wraps.
 */
export function FollowSearchPopover({
  trigger,
  opened,
  onChange,
  label,
  onLabelChange,
  pending,
  onSubmit,
}: {
  trigger: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  label: string;
  onLabelChange: (label: string) => void;
  pending: boolean;
  onSubmit: () => void;
}) {
  return (
    <Popover opened={opened} onChange={onChange} trapFocus position="bottom-end" withArrow shadow="md" width={320}>
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('Name this search')}
              description={t('New items it finds are counted on your Following page.')}
              value={label}
              maxLength={SAVED_SEARCH_LABEL_MAX_LENGTH}
              required
              data-autofocus
              onChange={(event) => onLabelChange(event.currentTarget.value)}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => onChange(false)}>
                {t('Cancel')}
              </Button>
              <Button size="xs" type="submit" loading={pending} disabled={!label.trim()}>
                {t('Follow')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
