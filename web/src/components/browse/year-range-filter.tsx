import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { FIRST_YEAR, yearRangeText } from '@sciai/core';
import { afterPageShown } from '../../lib/page-shown.ts';
import { t } from '../../i18n/index.ts';
import classes from './year-range-filter.module.css';

const loadSlider = () => import('./mantine-range-slider.ts').then((module) => ({ default: module.RangeSlider }));
const RangeSlider = lazy(loadSlider);

interface YearRangeFilterProps {
  value: [number, number];
  currentYear: number;
  onChange: (value: [number, number]) => void;
}

/** The thumbs' names, in the page's language (so made when shown). */
const thumbLabels = () =>
  [t('From year ({first} means {first} or earlier)', { first: FIRST_YEAR }), t('To year')] as const;
const yearLabel = (year: number) => (year === FIRST_YEAR ? `≤${year}` : String(year));

/**
 * The year range as a two-thumb slider (arrow keys move a thumb by a year). The URL follows
 * when a drag or key press ends, not on every step. At 2000 the lower end is open.
 *
 * Mantine's RangeSlider (its pointer and key handling, a third of the browse page's own code)
 * loads once the page is on screen and the browser is idle: the section is the filter panel's
 * last, below the fold on a laptop, and nothing needs it for the page to answer
 * (docs/decisions/0058-browse-first-download.md). Until then a drawing of the same slider holds
 * its place, its thumbs already named and focusable; focusing or pressing one loads the slider
 * at once and hands the focus to the same thumb.
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

  const [loaded, setLoaded] = useState(false);
  const focusThumb = useRef<number | null>(null);
  const load = () => {
    loadSlider().then(
      () => setLoaded(true),
      () => undefined, // the placeholder stays; the next focus or idle moment asks again
    );
  };
  useEffect(() => afterPageShown(load), []);

  const placeholder = (
    <SliderPlaceholder
      value={draft}
      min={FIRST_YEAR}
      max={currentYear}
      onWanted={(thumb) => {
        focusThumb.current = thumb;
        load();
      }}
    />
  );

  return (
    <div>
      {/* 'Year' is the heading of the filter panel's section that holds the slider. */}
      <Group justify="flex-end" gap="xs" mb={6}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {yearRangeText(draft, currentYear)}
        </Text>
      </Group>
      {loaded ? (
        <Suspense fallback={placeholder}>
          <RangeSlider
            ref={(root: HTMLDivElement | null) => {
              // the thumb the visitor reached in the placeholder keeps the focus
              if (root === null || focusThumb.current === null) return;
              root.querySelectorAll<HTMLElement>('[role="slider"]')[focusThumb.current]?.focus();
              focusThumb.current = null;
            }}
            min={FIRST_YEAR}
            max={currentYear}
            step={1}
            minRange={0}
            value={draft}
            onChange={setDraft}
            onChangeEnd={(next) => onChange(next)}
            thumbFromLabel={thumbLabels()[0]}
            thumbToLabel={thumbLabels()[1]}
            label={yearLabel}
            marks={[
              { value: FIRST_YEAR, label: yearLabel(FIRST_YEAR) },
              { value: currentYear, label: String(currentYear) },
            ]}
            mb="lg"
            mx="md"
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

interface SliderPlaceholderProps {
  value: [number, number];
  min: number;
  max: number;
  onWanted: (thumb: number) => void;
}

/** The slider as drawn, with the real one's thumbs (role, name, values) but no handling of its own. */
function SliderPlaceholder({ value, min, max, onWanted }: SliderPlaceholderProps) {
  const percent = (year: number) => (max > min ? ((Math.min(Math.max(year, min), max) - min) / (max - min)) * 100 : 0);
  const [start, end] = [percent(value[0]), percent(value[1])];
  const bar: CSSProperties = {
    insetInlineStart: `calc(${start}% - var(--size))`,
    width: `calc(${end - start}% + var(--size) * 2)`,
  };
  return (
    <Box mb="lg" mx="md" className={classes.root}>
      <div className={classes.track}>
        <div className={classes.bar} style={bar} />
        {value.map((year, thumb) => (
          <div
            key={thumb}
            className={classes.thumb}
            style={{ insetInlineStart: `${percent(year)}%` }}
            role="slider"
            tabIndex={0}
            aria-label={thumbLabels()[thumb]}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={year}
            aria-orientation="horizontal"
            onFocus={() => onWanted(thumb)}
            onPointerDown={() => onWanted(thumb)}
          />
        ))}
        {[min, max].map((year) => (
          <span key={year} className={classes.mark} style={{ insetInlineStart: `${percent(year)}%` }} aria-hidden>
            {yearLabel(year)}
          </span>
        ))}
      </div>
    </Box>
  );
}
