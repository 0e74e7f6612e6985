import type { ReactNode } from 'react';
import { Checkbox, Skeleton, Stack, Text } from '@mantine/core';
import { wholeNumber } from './whole-number.ts';
import classes from './filter-panel.module.css';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  /** under another option (a field under its parent field): indented below it */
  depth?: number;
}

interface FilterCheckboxesProps<T extends string> {
  label: string;
  options: ReadonlyArray<FilterOption<T>>;
  selected: readonly T[];
  /** Facet counts: results each option would have, all other filters applied; none for filters without one. */
  counts?: Record<string, number>;
  /** The counts are not known yet (first load): a skeleton holds each one's place, never a 0. */
  countsLoading?: boolean;
  onToggle: (value: T) => void;
}

/** A facet's options as checkboxes, each with its count. */
export function FilterCheckboxes<T extends string>({
  label,
  options,
  selected,
  counts,
  countsLoading = false,
  onToggle,
}: FilterCheckboxesProps<T>) {
  return (
    <Stack gap={8} role="group" aria-label={label}>
      {options.map((option) => {
        const count = counts?.[option.value] ?? 0;
        const checked = selected.includes(option.value);
        return (
          <Checkbox
            key={option.value}
            checked={checked}
            onChange={() => onToggle(option.value)}
            data-depth={option.depth || undefined}
            classNames={{
              root: option.depth ? classes.nestedOption : undefined,
              body: classes.checkboxBody,
              labelWrapper: classes.checkboxLabelWrapper,
              label: classes.checkboxLabel,
            }}
            label={
              <>
                <span className={classes.optionName}>
                  {option.icon}
                  {option.label}
                </span>
                {!counts ? null : countsLoading ? (
                  <Skeleton
                    component="span"
                    height={12}
                    width={24}
                    radius="sm"
                    className={classes.optionCount}
                    data-testid="facet-count-skeleton"
                  />
                ) : (
                  <Text span size="xs" c="dimmed" className={classes.optionCount}>
                    {wholeNumber(count)}
                  </Text>
                )}
              </>
            }
          />
        );
      })}
    </Stack>
  );
}
