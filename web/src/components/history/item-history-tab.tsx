import { Anchor, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useSearch } from 'wouter';
import { historyActorLabel, historyFieldLabel } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import type { ItemDetail } from '../../data/item-details.ts';
import { useItemClaimSummary } from '../../hooks/use-item-claims.ts';
import { useItemHistory } from '../../hooks/use-item-history.ts';
import { formatDateTime } from '../admin/common/format-time.ts';
import { historyHref, positiveParam } from './history-links.ts';
import { RevertControl, type RevertRight } from './revert-control.tsx';
import { VersionDetail } from './version-detail.tsx';
import { msg, t, Trans } from '../../i18n/index.ts';

/** The pagination's first/previous/next/last buttons, by name. */
const PAGE_CONTROL_LABELS: Record<string, string> = {
  first: msg('first page'),
  previous: msg('previous page'),
  next: msg('next page'),
  last: msg('last page'),
};

/**
 * The History tab of a detail page (docs/product.md#item-history): the item's versions newest
 * first, each with who or what made it, when and which fields; one version's changes at
 * ?tab=history&version=N; a revert for an admin or the item's maintainer.
 */
export function ItemHistoryTab({ item, onItemChanged }: { item: ItemDetail; onItemChanged(): unknown }) {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const version = positiveParam(params.get('version'));
  const page = positiveParam(params.get('page'), 100_000) ?? 1;
  const { isAdmin } = useAuth();
  const claims = useItemClaimSummary(item.id);
  const right: RevertRight | null = isAdmin ? 'admin' : claims.data?.is_maintainer ? 'maintainer' : null;
  const { mutate } = useSWRConfig();
  const history = useItemHistory(item.slug, page);

  const reverted = () => {
    onItemChanged();
    // every page and version of this item's history is read again
    void mutate(
      (key) => Array.isArray(key) && (key[0] === 'item-history' || key[0] === 'item-version') && key[1] === item.slug,
    );
    navigate(historyHref(item.content_type, item.slug));
  };

  if (version !== undefined)
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('History of {title}', { title: item.title })}
        </Title>
        <VersionDetail
          contentId={item.id}
          contentType={item.content_type}
          slug={item.slug}
          title={item.title}
          version={version}
          right={right}
          onReverted={reverted}
        />
      </Stack>
    );

  const { data, error } = history;
  if (error)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="red">
          {t('The history could not load.')}
        </Text>
        <Button variant="light" size="xs" onClick={() => void history.mutate()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  if (data === undefined)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('Loading the history…')}
      </Text>
    );
  if (data === null) return <Text size="sm">{t('This item has no public history.')}</Text>;

  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const lastPage = page >= pages;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('History of {title}', { title: item.title })}
      </Title>
      {data.total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Nothing has changed since this item was published.')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t(
            '{count, plural, one {# version} other {# versions}}, newest first. Each one names who or what made it and the fields it changed.',
            { count: data.total },
          )}
        </Text>
      )}
      <Stack gap="xs" component="ol" aria-label={t('Versions')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.versions.map((one) => (
          <Paper key={one.version} withBorder radius="md" p="sm" component="li">
            <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Anchor
                  component={Link}
                  href={historyHref(item.content_type, item.slug, { version: one.version })}
                  fw={600}
                  size="sm"
                >
                  {t('Version {version}', { version: one.version })}
                </Anchor>
                <Text size="sm">
                  <Trans
                    id="{actor}, <0>{time}</0>"
                    values={{
                      actor: t(historyActorLabel(one.actor, one.actor_name)),
                      time: formatDateTime(one.changed_at),
                    }}
                    components={{ 0: <time dateTime={one.changed_at} /> }}
                  />
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('Changed: {fields}', {
                    fields: one.fields.map((field) => t(historyFieldLabel(field))).join(', '),
                  })}
                </Text>
              </Stack>
              {right && one.version < data.item.latest && (
                <RevertControl
                  contentId={item.id}
                  title={item.title}
                  version={one.version}
                  right={right}
                  onReverted={reverted}
                />
              )}
            </Group>
          </Paper>
        ))}
        {lastPage && (
          <Paper withBorder radius="md" p="sm" component="li">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                {data.item.published_at ? (
                  <Trans
                    id="Published <0>{time}</0>: the item as first published."
                    values={{ time: formatDateTime(data.item.published_at) }}
                    components={{ 0: <time dateTime={data.item.published_at} /> }}
                  />
                ) : (
                  t('Published: the item as first published.')
                )}
              </Text>
              {right && data.total > 0 && (
                <RevertControl contentId={item.id} title={item.title} version={0} right={right} onReverted={reverted} />
              )}
            </Group>
          </Paper>
        )}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => navigate(historyHref(item.content_type, item.slug, { page: next }))}
          getControlProps={(control) => ({
            'aria-label': PAGE_CONTROL_LABELS[control] ? t(PAGE_CONTROL_LABELS[control]) : control,
          })}
          size="sm"
        />
      )}
    </Stack>
  );
}
