import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { t } from '../../i18n/index.ts';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color: string;
  /** Who reads the reason; the contributor unless said otherwise. */
  description?: string;
  maxLength?: number;
  onClose(): void;
  /** Resolves when the decision is stored; the modal then closes. */
  onConfirm(reason: string): Promise<void>;
}

/** Asks for the reason the contributor will read; a decision without one cannot be sent. */
export function ReasonModal({
  opened,
  title,
  confirmLabel,
  color,
  description = t('The contributor sees this.'),
  maxLength = 2000,
  onClose,
  onConfirm,
}: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (reason.trim() === '') {
      setError(t('A reason is required'));
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Textarea
            label={t('Reason')}
            description={description}
            withAsterisk
            autosize
            minRows={3}
            maxLength={maxLength}
            data-autofocus
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color={color} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
