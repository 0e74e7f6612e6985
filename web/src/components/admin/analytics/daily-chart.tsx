import { useState } from 'react';
import { Group, Paper, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { DayFigures } from '../../../data/admin-analytics.ts';

export type DailySeries = keyof Omit<DayFigures, 'day'>;

interface DailyChartProps {
  title: string;
  series: Array<{ name: DailySeries; label: string; color: string }>;
  data: DayFigures[];
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A line chart per day, with its numbers as a table: always there for screen readers, and on
 * screen with 'Show as table'.
 */
export function DailyChart({ title, series, data }: DailyChartProps) {
  const [asTable, setAsTable] = useState(false);
  const totals = series.map((s) => `${s.label}: ${data.reduce((sum, day) => sum + day[s.name], 0)}`).join(', ');
  const rows = data.map((day) => ({ ...day, label: shortDay(day.day) }));
  const table = (
    <Table striped>
      <Table.Caption>{`${title} per day (UTC)`}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
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
              <Table.Td key={s.name}>{day[s.name]}</Table.Td>
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
          label="Show as table"
          size="xs"
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        Totals for the period: {totals}
      </Text>
      {asTable ? (
        <Table.ScrollContainer minWidth={320}>{table}</Table.ScrollContainer>
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
