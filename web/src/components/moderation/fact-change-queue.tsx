import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import { itemPath } from '@sciai/core';
import { decideFactChange, type PendingFactChange } from '../../data/admin-claims.ts';
import { FACT_FIELD_LABELS, factText } from '../../data/item-maintenance.ts';
import { usePendingFactChanges } from '../../hooks/use-admin-claims.ts';
import { errorMessage } from '../load-state.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { t, Trans } from '../../i18n/index.ts';

function FactChangeCard({ change, decided }: { change: PendingFactChange; decided(): void }) {
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = t(FACT_FIELD_LABELS[change.field]);
  const decide = async (approve: boolean, reason?: string) => {
    setBusy(true);
    try {
      await decideFactChange(change.id, approve, reason);
      notifications.show({
        color: 'teal',
        title: approve ? t('Change applied') : t('Change turned down'),
        message: t('{field} of “{title}”.', { field: label, title: change.title }),
      });
      decided();
    } catch (error) {
      notifications.show({ color: 'red', title: t('Action failed'), message: errorMessage(error) });
      throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Trans
              id="{field} of <0>{title}</0>"
              values={{ field: label, title: change.title }}
              components={{ 0: <Anchor component={Link} href={itemPath(change.content_type, change.slug)} /> }}
            />
          </Text>
          {change.changed_by_email && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('by its maintainer, {email}', { email: change.changed_by_email })}
            </Text>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {factText(change.old_value)} → <strong>{factText(change.new_value)}</strong>
        </Text>
        <Group gap="xs">
          <Button size="xs" loading={busy} onClick={() => void decide(true).catch(() => undefined)}>
            {t('Apply')}
          </Button>
          <Button size="xs" variant="outline" color="red" disabled={busy} onClick={() => setRejecting(true)}>
            {t('Turn down')}
          </Button>
        </Group>
      </Stack>
      <ReasonModal
        opened={rejecting}
        title={t('Turn down the new {field}', { field: label.toLowerCase() })}
        confirmLabel={t('Turn down')}
        color="red"
        description={t('Kept with the change, for the moderators.')}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => decide(false, reason)}
      />
    </Paper>
  );
}

/** Maintainers' changes of an item's name, website or repository, oldest first. */
export function FactChangeQueue() {
  const { data, error, mutate } = usePendingFactChanges();
  if (error) {
    return (
      <Alert color="red" title={t('Could not load the maintainers’ changes')}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="fact-change-queue-title">
      <Title order={2} fz="lg" id="fact-change-queue-title">
        {t('Maintainers’ changes ({count})', { count: data.length })}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.map((change) => (
          <FactChangeCard key={change.id} change={change} decided={() => void mutate()} />
        ))}
      </Stack>
    </Stack>
  );
}
