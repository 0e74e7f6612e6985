import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip, useMatches, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPointFilled, IconX } from '@tabler/icons-react';
import { Link } from 'wouter';
import {
  CONTENT_TYPE_LABELS,
  currentLocale,
  itemPath,
  LOCALE_INFO,
  type CompareCell,
  type CompareRow,
} from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { TYPE_COLORS } from '../type-colors.ts';
import { t } from '../../i18n/index.ts';
import classes from './compare-table.module.css';

interface CompareTableProps {
  items: ItemDetail[];
  rows: CompareRow[];
  onRemove(slug: string): void;
}

/**
 * The items side by side: one column per item, one row per attribute. Rows whose values
 * differ are tinted and marked with a dot, and say so to screen readers. On narrow screens the
 * table scrolls sideways while the attribute names stay in view.
 */
export function CompareTable({ items, rows, onRemove }: CompareTableProps) {
  const names = items.map((item) => item.title);
  const spacing = useMatches({ base: 'xs', sm: 'md' });
  return (
    <div className={classes.scroller} role="region" aria-label={t('Comparison table')} tabIndex={0}>
      <Table
        className={classes.table}
        style={{ '--compare-columns': items.length }}
        verticalSpacing="sm"
        horizontalSpacing={spacing}
        withColumnBorders
      >
        <VisuallyHidden component="caption">
          {t('Comparison of {names}. Rows whose values differ are marked “differs”.', { names: listFormat(names) })}
        </VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.corner}>
              {t('Attribute')}
            </Table.Th>
            {items.map((item) => (
              <Table.Th key={item.slug} scope="col" className={classes.itemHead}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Badge variant="light" color={TYPE_COLORS[item.content_type]} size="sm">
                    {t(CONTENT_TYPE_LABELS[item.content_type])}
                  </Badge>
                  <Tooltip label={t('Remove from comparison')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('Remove {title} from comparison', { title: item.title })}
                      onClick={() => onRemove(item.slug)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Anchor
                  component={Link}
                  href={itemPath(item.content_type, item.slug)}
                  fw={700}
                  className={classes.itemTitle}
                >
                  {item.title}
                </Anchor>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-differs={row.differs || undefined} data-row={row.key}>
              <Table.Th scope="row" className={classes.rowHead}>
                {row.label}
                {row.differs && (
                  <>
                    <IconPointFilled size={14} className={classes.differsMark} aria-hidden />
                    <VisuallyHidden>{t('(differs)')}</VisuallyHidden>
                  </>
                )}
              </Table.Th>
              {row.cells.map((cell, index) => (
                <Table.Td key={items[index]!.slug}>
                  <CellValue cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function CellValue({ cell }: { cell: CompareCell }) {
  switch (cell.kind) {
    case 'missing':
      return (
        <Text c="dimmed" component="span">
          <span aria-hidden>—</span>
          <VisuallyHidden>{t('Not available')}</VisuallyHidden>
        </Text>
      );
    case 'text':
      return <Text component="span">{cell.text}</Text>;
    case 'number':
      // a figure says where and when it was read (docs/product.md#facts)
      return (
        <>
          <Text component="span">{cell.text}</Text>
          <Text component="span" size="xs" c="dimmed" display="block" data-figure-source>
            {cell.source}
          </Text>
        </>
      );
    case 'boolean':
      return (
        <Group gap={6} wrap="nowrap">
          {cell.value ? (
            <IconCheck size={16} className={classes.yes} aria-hidden />
          ) : (
            <IconX size={16} className={classes.no} aria-hidden />
          )}
          <Text component="span">{cell.text}</Text>
        </Group>
      );
    case 'list':
      return (
        <ul className={classes.list}>
          {cell.items.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      );
  }
}

function listFormat(names: string[]): string {
  return new Intl.ListFormat(LOCALE_INFO[currentLocale()].tag, { style: 'long', type: 'conjunction' }).format(names);
}
