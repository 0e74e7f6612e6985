import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REPORT_REASON_LABELS, REPORT_REASONS, REVIEW_REPORT_NOTE_MAX, type ReportReason } from '@sciai/core';
import { reportReview, ReviewError } from '../../data/reviews.ts';
import { t } from '../../i18n/index.ts';

interface ReportReviewModalProps {
  reviewId: string | null;
  onClose(): void;
}

/** Reports a review to the moderators with a reason; "Something else" needs a note. */
export function ReportReviewModal({ reviewId, onClose }: ReportReviewModalProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason(null);
    setNote('');
    setProblem(null);
    onClose();
  };
  const send = async () => {
    if (!reviewId) return;
    if (!reason) return setProblem(t('Choose a reason'));
    if (reason === 'other' && !note.trim()) return setProblem(t('Say what is wrong with this review'));
    setBusy(true);
    try {
      await reportReview(reviewId, reason, note);
      notifications.show({
        color: 'green',
        title: t('Report sent'),
        message: t('Thank you: a moderator will look at this review.'),
      });
      close();
    } catch (error) {
      setProblem(error instanceof ReviewError ? error.message : t('The report could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={reviewId !== null} onClose={close} title={t('Report this review')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Radio.Group
            label={t('Reason')}
            required
            value={reason}
            onChange={(value) => {
              setReason(REPORT_REASONS.find((known) => known === value) ?? null);
              setProblem(null);
            }}
          >
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((value) => (
                <Radio key={value} value={value} label={t(REPORT_REASON_LABELS[value])} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('Note for the moderators')}
            description={reason === 'other' ? t('Required for this reason.') : t('Optional.')}
            required={reason === 'other'}
            autosize
            minRows={2}
            maxLength={REVIEW_REPORT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('Send report')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
