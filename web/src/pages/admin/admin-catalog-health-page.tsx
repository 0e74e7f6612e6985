import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import useSWR from 'swr';
import { currentLocale, itemPath, LOCALE_INFO, type ContentType } from '@sciai/core';
import { Link } from 'wouter';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { errorMessage, LoadState } from '../../components/load-state.tsx';
import {
  catalogHealthKey,
  fetchCatalogHealth,
  requestRecheck,
  type CatalogHealth,
  type HealthItem,
  type HealthLink,
} from '../../data/catalog-health.ts';
import { t } from '../../i18n/index.ts';
import { ScrollTable } from '../../components/scroll-table.tsx';

const LINK_HEALTH_COLOR: Record<HealthLink['health'], string> = { dead: 'red', down: 'orange', unchecked: 'gray' };

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  // in UTC, as the runs log their times; English as in Britain ('20 Nov 2026, 10:00')
  const tag = currentLocale() === 'en' ? 'en-GB' : LOCALE_INFO[currentLocale()].tag;
  return new Date(iso).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

function ItemLink({ item }: { item: { slug: string; title: string; type: string } }) {
  return (
    <Anchor component={Link} href={itemPath(item.type as ContentType, item.slug)}>
      {item.title}
    </Anchor>
  );
}

/** "Re-check now": queued for the enrich job on the server, which takes it within a minute. */
function RecheckButton({
  id,
  title,
  queued,
  onQueued,
}: {
  id: string;
  title: string;
  queued: boolean;
  onQueued(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      disabled={queued}
      loading={busy}
      aria-label={t('Re-check {title}', { title })}
      onClick={() => {
        setBusy(true);
        requestRecheck(id)
          .then(() => {
            notifications.show({ message: t('{title} will be re-checked within a minute.', { title }) });
            onQueued();
          })
          .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }))
          .finally(() => setBusy(false));
      }}
    >
      {queued ? t('Queued') : t('Re-check')}
    </Button>
  );
}

function Section({
  id,
  title,
  empty,
  children,
  count,
}: {
  /** The heading's id (the title is translated: it cannot make one). */
  id: string;
  title: string;
  empty: string;
  children: React.ReactNode;
  count: number;
}) {
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="lg">
      <Title order={2} size="h4" id={id} mb="sm">
        {t('{title} ({count})', { title, count })}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ScrollTable label={title} minWidth={560}>
          {children}
        </ScrollTable>
      )}
    </Card>
  );
}

function HealthView({ data, refresh }: { data: CatalogHealth; refresh(): void }) {
  const queued = new Set(data.requests.map((request) => request.id));
  const recheck = (item: Pick<HealthItem, 'id' | 'title'>) => (
    <RecheckButton id={item.id} title={item.title} queued={queued.has(item.id)} onQueued={refresh} />
  );
  const lastEnrich = data.enrich_runs[0];
  const lastHarvest = data.harvest_runs[0];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {[
          [t('Dead links'), data.links.filter((link) => link.health === 'dead').length],
          [t('Down links'), data.links.filter((link) => link.health === 'down').length],
          [t('Archived repositories'), data.archived.length],
          [t('Stale items'), data.stale_count],
        ].map(([label, value]) => (
          <Card key={label} withBorder padding="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="xl" fw={700}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {data.never_checked > 0 && (
        <Alert color="gray">
          {t(
            '{count, plural, one {# published item has not been checked yet.} other {# published items have not been checked yet.}}',
            { count: data.never_checked },
          )}
        </Alert>
      )}
      <Section
        id="health-dead-and-down-links"
        title={t('Dead and down links')}
        empty={t('Every checked link answers.')}
        count={data.links.length}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Item')}</Table.Th>
              <Table.Th>{t('Link')}</Table.Th>
              <Table.Th>{t('Health')}</Table.Th>
              <Table.Th>{t('Checked')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.links.map((link) => (
              <Table.Tr key={`${link.id}-${link.link}`}>
                <Table.Td>
                  <ItemLink item={link} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{link.link}</Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {link.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={LINK_HEALTH_COLOR[link.health]} variant="light">
                    {t('{health, select, dead {dead} down {down} unchecked {not checked} other {{health}}}', {
                      health: link.health,
                    })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {link.error ?? (link.status ? `HTTP ${link.status}` : '')}
                  </Text>
                </Table.Td>
                <Table.Td>{when(link.checked_at)}</Table.Td>
                <Table.Td>{recheck(link)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        id="health-archived-repositories"
        title={t('Archived repositories')}
        empty={t('No archived repositories.')}
        count={data.archived.length}
      >
        <Table>
          <Table.Tbody>
            {data.archived.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <ItemLink item={item} />
                </Table.Td>
                <Table.Td>{t('as of {date}', { date: when(item.as_of) })}</Table.Td>
                <Table.Td>{recheck(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        id="health-stale-or-failed-facts"
        title={t('Stale or failed facts')}
        empty={freshFactsText(data.never_checked)}
        count={data.stale.length}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Item')}</Table.Th>
              <Table.Th>{t('Source')}</Table.Th>
              <Table.Th>{t('Last checked')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.stale.map((item) => (
              <Table.Tr key={`${item.id}-${item.source}`}>
                <Table.Td>
                  <ItemLink item={item} />
                </Table.Td>
                <Table.Td>
                  {item.source}
                  {item.error && (
                    <Text size="xs" c="red">
                      {item.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{when(item.checked_at)}</Table.Td>
                <Table.Td>{recheck(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        id="health-last-enrich-runs"
        title={t('Last enrich runs')}
        empty={t('No enrich run yet.')}
        count={data.enrich_runs.length}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Started')}</Table.Th>
              <Table.Th>{t('How')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Items')}</Table.Th>
              <Table.Th>{t('Updated / failed')}</Table.Th>
              <Table.Th>{t('Requests (304)')}</Table.Th>
              <Table.Th>{t('First error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.enrich_runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{when(run.started_at)}</Table.Td>
                <Table.Td>{run.origin}</Table.Td>
                <Table.Td>{run.status}</Table.Td>
                <Table.Td>{run.items}</Table.Td>
                <Table.Td>
                  {run.updated} / {run.failed}
                </Table.Td>
                <Table.Td>
                  {run.requests} ({run.not_modified})
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{run.errors[0]?.message ?? '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section
        id="health-last-harvest-runs"
        title={t('Last harvest runs')}
        empty={t('No harvest run yet.')}
        count={data.harvest_runs.length}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Started')}</Table.Th>
              <Table.Th>{t('Source')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Added / updated / skipped')}</Table.Th>
              <Table.Th>{t('Errors')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.harvest_runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>{when(run.started_at)}</Table.Td>
                <Table.Td>{run.source}</Table.Td>
                <Table.Td>{run.status}</Table.Td>
                <Table.Td>
                  {run.added} / {run.updated} / {run.skipped}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {run.errors}
                    {run.last_error ? `: ${run.last_error}` : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Text size="xs" c="dimmed">
        {t('Last enrich: {enrich} · last harvest: {harvest}', {
          enrich: when(lastEnrich?.started_at),
          harvest: when(lastHarvest?.started_at),
        })}
      </Text>
    </Stack>
  );
}

/** /admin/catalog-health: dead and down links, archived repositories, stale facts, the last runs. */
export function AdminCatalogHealthPage() {
  const health = useSWR(catalogHealthKey, fetchCatalogHealth);
  const refresh = () => void health.mutate();
  return (
    <AdminLayout
      title={t('Catalog health')}
      description={t(
        'Links that fail, archived repositories, facts older than a week, and the last enrich and harvest runs.',
      )}
      actions={
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={refresh}
          loading={health.isValidating && !!health.data}
        >
          {t('Refresh')}
        </Button>
      }
    >
      <LoadState data={health.data} error={health.error} what={t('catalog health')} retry={refresh}>
        {(data) => <HealthView data={data} refresh={refresh} />}
      </LoadState>
    </AdminLayout>
  );
}

/** What an empty list of stale facts says: only items that were checked can be called fresh. */
function freshFactsText(neverChecked: number): string {
  return neverChecked > 0 ? t('The facts of every checked item are fresh.') : t("Every item's facts are fresh.");
}
