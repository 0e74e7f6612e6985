import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t } from '../../../i18n/index.ts';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** red for what takes something away (ban, demote, reject) */
  danger?: boolean;
  busy?: boolean;
  /** false keeps the confirm button disabled (e.g. a reason still missing) */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation before an admin action; Escape or Cancel closes it without acting. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  canConfirm = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
