import { Anchor, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TermCount, TopItem } from '../../../data/admin-analytics.ts';
import { formatNumber } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

const PATHS: Record<string, string> = { software: 'tool', paper: 'paper', company: 'company', agent: 'agent' };

function RankTable({
  title,
  empty,
  head,
  rows,
}: {
  title: string;
  empty: string;
  head: [string, string];
  rows: Array<[React.ReactNode, number, string]>;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{head[0]}</Table.Th>
              <Table.Th ta="end">{head[1]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, count, key]) => (
              <Table.Tr key={key}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{label}</Table.Td>
                <Table.Td ta="end">{formatNumber(count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

const itemRows = (items: TopItem[]): Array<[React.ReactNode, number, string]> =>
  items.map((item) => [
    <Anchor component={Link} href={`/${PATHS[item.content_type] ?? 'tool'}/${item.slug}`} size="sm">
      {item.title}
    </Anchor>,
    item.count,
    item.slug,
  ]);
const termRows = (terms: TermCount[]): Array<[React.ReactNode, number, string]> =>
  terms.map((term) => [term.term, term.searches, term.term]);

interface TopListsProps {
  topViewed: TopItem[];
  topSaved: TopItem[];
  topTerms: TermCount[];
  zeroResultTerms: TermCount[];
}

export function TopLists({ topViewed, topSaved, topTerms, zeroResultTerms }: TopListsProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <RankTable
        title={t('Most viewed items')}
        empty={t('No views in this period.')}
        head={[t('Item'), t('Views')]}
        rows={itemRows(topViewed)}
      />
      <RankTable
        title={t('Most saved items')}
        empty={t('No saves in this period.')}
        head={[t('Item'), t('Saves')]}
        rows={itemRows(topSaved)}
      />
      <RankTable
        title={t('Top search terms')}
        empty={t('No searches in this period.')}
        head={[t('Term'), t('Searches')]}
        rows={termRows(topTerms)}
      />
      <RankTable
        title={t('Searches with no results')}
        empty={t('Every search found something.')}
        head={[t('Term'), t('Searches')]}
        rows={termRows(zeroResultTerms)}
      />
    </SimpleGrid>
  );
}
