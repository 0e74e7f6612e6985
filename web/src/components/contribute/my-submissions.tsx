import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import {
  formatDate,
  itemPath,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_TYPE_LABELS,
  type SubmissionStatus,
} from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { useMySubmissions } from '../../hooks/use-my-submissions.ts';
import { t } from '../../i18n/index.ts';

const STATUS_COLORS: Record<SubmissionStatus, string> = {
  pending: 'yellow',
  changes_requested: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** The signed-in user's contributions with their review status and the moderator's reason. */
export function MySubmissions() {
  const { user } = useAuth();
  const { data, error, isLoading, mutate } = useMySubmissions(user?.id ?? null);

  return (
    <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="my-submissions-title">
      <Title order={2} fz="lg" mb="md" id="my-submissions-title">
        {t('My contributions')}
      </Title>
      {isLoading ? (
        <Loader size="sm" role="status" aria-label={t('Loading your contributions')} />
      ) : error ? (
        <Alert color="red" title={t('Could not load your contributions')}>
          <Button variant="light" size="xs" onClick={() => void mutate()}>
            {t('Try again')}
          </Button>
        </Alert>
      ) : !data || data.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('You have not contributed anything yet.')}
          </Text>
          <Button component={Link} href="/contribute" variant="light" size="xs">
            {t('Contribute')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((submission) => (
            <li key={submission.id}>
              <Card withBorder radius="sm" padding="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {submission.item ? (
                        <Anchor component={Link} href={itemPath(submission.item.content_type, submission.item.slug)}>
                          {submission.title}
                        </Anchor>
                      ) : (
                        submission.title
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('{type} · submitted {date}', {
                        type: t(SUBMISSION_TYPE_LABELS[submission.content_type]),
                        date: formatDate(submission.created_at),
                      })}
                    </Text>
                  </div>
                  <Badge color={STATUS_COLORS[submission.status]} variant="light">
                    {t(SUBMISSION_STATUS_LABELS[submission.status])}
                  </Badge>
                </Group>
                {submission.review_reason &&
                  (submission.status === 'rejected' || submission.status === 'changes_requested') && (
                    <Text size="sm" mt="xs">
                      <Text span fw={600}>
                        {t('Reason:')}{' '}
                      </Text>
                      {submission.review_reason}
                    </Text>
                  )}
                {submission.status === 'changes_requested' && (
                  <Button component={Link} href={`/contribute?edit=${submission.id}`} size="xs" variant="light" mt="xs">
                    {t('Edit and resubmit')}
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
