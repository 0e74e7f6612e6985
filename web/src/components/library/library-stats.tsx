import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { LibraryStats as Stats } from '@sciai/core';
import { msg, t } from '../../i18n/index.ts';
import { wholeNumber } from '../browse/whole-number.ts';

const STAT_LABELS: Array<[keyof Stats, string]> = [
  ['total', msg('Total Saved')],
  ['software', msg('Software Tools')],
  ['papers', msg('Research Papers')],
  ['addedThisWeek', msg('Added This Week')],
];

/** docs/product.md#library-page: total saved, software tools, research papers, added this week. */
export function LibraryStats({ stats }: { stats: Stats }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {STAT_LABELS.map(([key, label]) => (
        <Paper key={key} withBorder radius="md" p="md" data-stat={key}>
          <Text component="dt" size="sm" c="dimmed">
            {t(label)}
          </Text>
          <Text component="dd" m={0} fw={700} fz={28} lh={1.2}>
            {wholeNumber(stats[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
