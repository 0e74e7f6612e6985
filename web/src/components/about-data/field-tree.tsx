import { List, Text } from '@mantine/core';
import { exactCount } from './exact-count.ts';
import type { CatalogField } from '../../data/catalog-data-summary.ts';
import { t } from '../../i18n/index.ts';

/**
 * The fields as a tree, each with its published items; a field counts the items of the fields
 * under it too (docs/product.md#fields), so a child's count is part of its parent's.
 */
export function FieldTree({ fields }: { fields: readonly CatalogField[] }) {
  const known = new Set(fields.map((field) => field.slug));
  // a field whose parent is gone stands at the top rather than vanishing
  const roots = fields.filter((field) => !field.parent || !known.has(field.parent));
  return <Branch fields={fields} level={roots} label={t('Fields')} />;
}

function Branch({
  fields,
  level,
  label,
}: {
  fields: readonly CatalogField[];
  level: readonly CatalogField[];
  label?: string;
}) {
  return (
    <List spacing={4} size="sm" aria-label={label} withPadding={!label}>
      {level.map((field) => {
        const children = fields.filter((child) => child.parent === field.slug && child.slug !== field.slug);
        return (
          <List.Item key={field.slug}>
            {field.name}{' '}
            <Text component="span" size="sm" c="dimmed">
              {exactCount(field.items)}
            </Text>
            {children.length > 0 && <Branch fields={fields} level={children} />}
          </List.Item>
        );
      })}
    </List>
  );
}
