import { Anchor, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TermCount, TopItem } from '../../../data/admin-analytics.ts';

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
              <Table.Th ta="right">{head[1]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, count, key]) => (
              <Table.Tr key={key}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{label}</Table.Td>
                <Table.Td ta="right">{count.toLocaleString('en')}</Table.Td>
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
        title="Most viewed items"
        empty="No views in this period."
        head={['Item', 'Views']}
        rows={itemRows(topViewed)}
      />
      <RankTable
        title="Most saved items"
        empty="No saves in this period."
        head={['Item', 'Saves']}
        rows={itemRows(topSaved)}
      />
      <RankTable
        title="Top search terms"
        empty="No searches in this period."
        head={['Term', 'Searches']}
        rows={termRows(topTerms)}
      />
      <RankTable
        title="Searches with no results"
        empty="Every search found something."
        head={['Term', 'Searches']}
        rows={termRows(zeroResultTerms)}
      />
    </SimpleGrid>
  );
}
