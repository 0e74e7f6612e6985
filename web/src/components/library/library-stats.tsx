import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { LibraryStats as Stats } from '@sciai/core';

const STAT_LABELS: Array<[keyof Stats, string]> = [
  ['total', 'Total Saved'],
  ['software', 'Software Tools'],
  ['papers', 'Research Papers'],
  ['addedThisWeek', 'Added This Week'],
];

/** docs/product.md#library-page: total saved, software tools, research papers, added this week. */
export function LibraryStats({ stats }: { stats: Stats }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {STAT_LABELS.map(([key, label]) => (
        <Paper key={key} withBorder radius="md" p="md" data-stat={key}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} fz={28} lh={1.2}>
            {stats[key]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
