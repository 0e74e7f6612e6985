import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import useSWR from 'swr';
import { itemPath, type ContentType } from '@sciai/core';
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

const LINK_HEALTH_COLOR: Record<HealthLink['health'], string> = { dead: 'red', down: 'orange', unchecked: 'gray' };

function when(iso: string | null | undefined): string {
  return iso
    ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    : '—';
}

function ItemLink({ item }: { item: { slug: string; title: string; type: string } }) {
  return <Anchor href={itemPath(item.type as ContentType, item.slug)}>{item.title}</Anchor>;
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
      aria-label={`Re-check ${title}`}
      onClick={() => {
        setBusy(true);
        requestRecheck(id)
          .then(() => {
            notifications.show({ message: `${title} will be re-checked within a minute.` });
            onQueued();
          })
          .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }))
          .finally(() => setBusy(false));
      }}
    >
      {queued ? 'Queued' : 'Re-check'}
    </Button>
  );
}

function Section({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  children: React.ReactNode;
  count: number;
}) {
  const id = `health-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="lg">
      <Title order={2} size="h4" id={id} mb="sm">
        {title} ({count})
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>{children}</Table.ScrollContainer>
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
          ['Dead links', data.links.filter((link) => link.health === 'dead').length],
          ['Down links', data.links.filter((link) => link.health === 'down').length],
          ['Archived repositories', data.archived.length],
          ['Stale items', data.stale_count],
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
        <Alert color="gray">{data.never_checked} published items have not been checked yet.</Alert>
      )}
      <Section title="Dead and down links" empty="Every checked link answers." count={data.links.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Link</Table.Th>
              <Table.Th>Health</Table.Th>
              <Table.Th>Checked</Table.Th>
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
                    {link.health === 'unchecked' ? 'not checked' : link.health}
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
      <Section title="Archived repositories" empty="No archived repositories." count={data.archived.length}>
        <Table>
          <Table.Tbody>
            {data.archived.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <ItemLink item={item} />
                </Table.Td>
                <Table.Td>as of {when(item.as_of)}</Table.Td>
                <Table.Td>{recheck(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="Stale or failed facts" empty={freshFactsText(data.never_checked)} count={data.stale.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Last checked</Table.Th>
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
      <Section title="Last enrich runs" empty="No enrich run yet." count={data.enrich_runs.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>How</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Updated / failed</Table.Th>
              <Table.Th>Requests (304)</Table.Th>
              <Table.Th>First error</Table.Th>
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
      <Section title="Last harvest runs" empty="No harvest run yet." count={data.harvest_runs.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Added / updated / skipped</Table.Th>
              <Table.Th>Errors</Table.Th>
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
        Last enrich: {when(lastEnrich?.started_at)} · last harvest: {when(lastHarvest?.started_at)}
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
      title="Catalog health"
      description="Links that fail, archived repositories, facts older than a week, and the last enrich and harvest runs."
      actions={
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={refresh}
          loading={health.isValidating && !!health.data}
        >
          Refresh
        </Button>
      }
    >
      <LoadState data={health.data} error={health.error} what="catalog health" retry={refresh}>
        {(data) => <HealthView data={data} refresh={refresh} />}
      </LoadState>
    </AdminLayout>
  );
}

/** What an empty list of stale facts says: only items that were checked can be called fresh. */
function freshFactsText(neverChecked: number): string {
  return neverChecked > 0 ? 'The facts of every checked item are fresh.' : "Every item's facts are fresh.";
}
