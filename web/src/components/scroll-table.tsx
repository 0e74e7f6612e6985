import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { t } from '../i18n/index.ts';

/**
 * A table that scrolls sideways inside its own box on a narrow screen (WCAG 1.4.10 allows it).
 * The box takes focus and is named as the table ('Table: Last harvest runs'), so a keyboard can
 * scroll it even when nothing in the rows takes focus (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('Table: {label}', { label }) } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
