import { useState } from 'react';
import { Group, Paper, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { DayFigures } from '../../../data/admin-analytics.ts';
import { formatDate, formatNumber } from '@sciai/core';
import { t } from '../../../i18n/index.ts';
import { ScrollTable } from '../../scroll-table.tsx';

export type DailySeries = keyof Omit<DayFigures, 'day'>;

interface DailyChartProps {
  title: string;
  /** `label`: already translated (it names the line in the legend and the column in the table). */
  series: Array<{ name: DailySeries; label: string; color: string }>;
  data: DayFigures[];
}

const shortDay = (day: string) => formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A line chart per day, with its numbers as a table: always there for screen readers, and on
 * screen with 'Show as table'.
 */
export function DailyChart({ title, series, data }: DailyChartProps) {
  const [asTable, setAsTable] = useState(false);
  const totals = series
    .map((s) =>
      t('{series}: {total}', { series: s.label, total: formatNumber(data.reduce((sum, day) => sum + day[s.name], 0)) }),
    )
    .join(t(', '));
  const rows = data.map((day) => ({ ...day, label: shortDay(day.day) }));
  const table = (
    <Table striped>
      <Table.Caption>{t('{title} per day (UTC)', { title })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Day')}</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.name}>{s.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((day) => (
          <Table.Tr key={day.day}>
            <Table.Td>{day.day}</Table.Td>
            {series.map((s) => (
              <Table.Td key={s.name}>{formatNumber(day[s.name])}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Switch
          label={t('Show as table')}
          size="xs"
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('Totals for the period: {totals}', { totals })}
      </Text>
      {asTable ? (
        <ScrollTable label={t('{title} per day (UTC)', { title })} minWidth={320}>
          {table}
        </ScrollTable>
      ) : (
        <>
          {/* overflow hidden: the tooltip, hidden between hovers, is wider than the chart with text enlarged */}
          <div aria-hidden style={{ overflow: 'hidden' }}>
            <LineChart
              h={220}
              data={rows}
              dataKey="label"
              series={series}
              curveType="monotone"
              withLegend
              tickLine="x"
              gridAxis="xy"
              withDots={data.length <= 31}
              // the drawing is hidden from assistive technology (the table says it): nothing in it may take focus
              lineChartProps={{ accessibilityLayer: false }}
            />
          </div>
          {/* no scrolling box here: hidden, it would be a scrollable region no keyboard can reach */}
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
