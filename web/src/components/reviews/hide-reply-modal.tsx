import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REVIEW_MODERATION_REASON_MAX } from '@sciai/core';
import { moderateReviewReply, ReviewError } from '../../data/reviews.ts';
import { t } from '../../i18n/index.ts';

interface HideReplyModalProps {
  /** The review whose reply is being hidden; closed without one. */
  reviewId: string | null;
  onClose(): void;
  onHidden(): void;
}

/** A moderator hides a maintainer's reply with a reason its author sees. */
export function HideReplyModal({ reviewId, onClose, onHidden }: HideReplyModalProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  const hide = async () => {
    if (!reviewId) return;
    if (!reason.trim()) return setProblem(t('Give a reason: the author will see it'));
    setBusy(true);
    try {
      await moderateReviewReply(reviewId, 'hide', reason.trim());
      notifications.show({
        color: 'green',
        title: t('Reply hidden'),
        message: t('Only its author and moderators see it.'),
      });
      close();
      onHidden();
    } catch (error) {
      setProblem(error instanceof ReviewError ? error.message : t('The reply could not be hidden. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={reviewId !== null} onClose={close} title={t('Hide this reply')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void hide();
        }}
      >
        <Stack gap="md">
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Textarea
            label={t('Reason for the maintainer')}
            required
            autosize
            minRows={2}
            maxLength={REVIEW_MODERATION_REASON_MAX}
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('Hide reply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
