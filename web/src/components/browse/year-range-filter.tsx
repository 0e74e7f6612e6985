import { useState } from 'react';
import { Group, RangeSlider, Text } from '@mantine/core';
import { FIRST_YEAR, yearRangeText } from '@sciai/core';

interface YearRangeFilterProps {
  value: [number, number];
  currentYear: number;
  onChange: (value: [number, number]) => void;
}

/**
 * The year range as a two-thumb slider (arrow keys move a thumb by a year). The URL follows
 * when a drag or key press ends, not on every step. At 2000 the lower end is open.
 */
export function YearRangeFilter({ value, currentYear, onChange }: YearRangeFilterProps) {
  const [from, to] = value;
  const [draft, setDraft] = useState<[number, number]>([from, to]);
  // The slider follows the URL when it changes elsewhere (a cleared filter, back/forward): adjusted
  // while rendering rather than in an effect, so no frame shows the old range.
  const [followed, setFollowed] = useState<[number, number]>([from, to]);
  if (followed[0] !== from || followed[1] !== to) {
    setFollowed([from, to]);
    setDraft([from, to]);
  }

  return (
    <div>
      {/* 'Year' is the heading of the filter panel's section that holds the slider. */}
      <Group justify="flex-end" gap="xs" mb={6}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {yearRangeText(draft, currentYear)}
        </Text>
      </Group>
      <RangeSlider
        min={FIRST_YEAR}
        max={currentYear}
        step={1}
        minRange={0}
        value={draft}
        onChange={setDraft}
        onChangeEnd={(next) => onChange(next)}
        thumbFromLabel={`From year (${FIRST_YEAR} means ${FIRST_YEAR} or earlier)`}
        thumbToLabel="To year"
        label={(year) => (year === FIRST_YEAR ? `≤${year}` : String(year))}
        marks={[
          { value: FIRST_YEAR, label: `≤${FIRST_YEAR}` },
          { value: currentYear, label: String(currentYear) },
        ]}
        mb="lg"
        mx="md"
      />
    </div>
  );
}
