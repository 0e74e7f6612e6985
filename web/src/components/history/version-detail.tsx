import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { historyActorLabel, type ContentType } from '@sciai/core';
import { useItemVersion } from '../../hooks/use-item-history.ts';
import { formatDateTime } from '../admin/common/format-time.ts';
import { FieldChange } from './field-change.tsx';
import { historyHref } from './history-links.ts';
import { RevertControl, type RevertRight } from './revert-control.tsx';
import classes from './history.module.css';
import { t, Trans } from '../../i18n/index.ts';

/** One version: who or what made it, when, and each field's change; with the way back and on. */
export function VersionDetail({
  contentId,
  contentType,
  slug,
  title,
  version,
  right,
  onReverted,
}: {
  contentId: string;
  contentType: ContentType;
  slug: string;
  title: string;
  version: number;
  right: RevertRight | null;
  onReverted(): unknown;
}) {
  const { data, error, mutate } = useItemVersion(slug, version);
  const back = (
    <Anchor component={Link} href={historyHref(contentType, slug)} size="sm">
      <span className={classes.arrow} aria-hidden>
        ←
      </span>{' '}
      {t('All versions')}
    </Anchor>
  );
  if (error)
    return (
      <Stack gap="sm" align="flex-start">
        {back}
        <Text size="sm" c="red">
          {t('This version could not load.')}
        </Text>
        <Button variant="light" size="xs" onClick={() => void mutate()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  if (data === undefined)
    return (
      <Stack gap="sm">
        {back}
        <Text size="sm" c="dimmed" role="status">
          {t('Loading version {version}…', { version })}
        </Text>
      </Stack>
    );
  if (data === null)
    return (
      <Stack gap="sm" align="flex-start">
        {back}
        <Text size="sm">{t('This item has no version {version}.', { version })}</Text>
      </Stack>
    );
  const { version: found, item } = data;
  return (
    <Stack gap="md">
      {back}
      <Paper withBorder radius="md" p="md" component="article" aria-labelledby="version-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} fz="md" id="version-title">
              {t('Version {version} of {latest}', { version: found.version, latest: item.latest })}
            </Title>
            {right && found.version < item.latest && (
              <RevertControl
                contentId={contentId}
                title={title}
                version={found.version}
                right={right}
                onReverted={onReverted}
              />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <Trans
              id="{actor}, <0>{time}</0>"
              values={{
                actor: t(historyActorLabel(found.actor, found.actor_name)),
                time: formatDateTime(found.changed_at),
              }}
              components={{ 0: <time dateTime={found.changed_at} /> }}
            />
          </Text>
          {Object.entries(found.changes).map(([field, change]) => (
            <FieldChange key={field} field={field} change={change} />
          ))}
        </Stack>
      </Paper>
      <Group justify="space-between">
        {found.version > 1 ? (
          <Anchor component={Link} href={historyHref(contentType, slug, { version: found.version - 1 })} size="sm">
            <span className={classes.arrow} aria-hidden>
              ←
            </span>{' '}
            {t('Version {version}', { version: found.version - 1 })}
          </Anchor>
        ) : (
          <span />
        )}
        {found.version < item.latest && (
          <Anchor component={Link} href={historyHref(contentType, slug, { version: found.version + 1 })} size="sm">
            {t('Version {version}', { version: found.version + 1 })}{' '}
            <span className={classes.arrow} aria-hidden>
              →
            </span>
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
