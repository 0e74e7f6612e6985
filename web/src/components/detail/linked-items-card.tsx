import { Anchor, List } from '@mantine/core';
import { Link } from 'wouter';
import { itemPath } from '@sciai/core';
import type { ItemLink } from '../../data/item-details.ts';
import { DetailCard } from './detail-cards.tsx';

/**
 * The items a source links this one to (docs/product.md#detail-links): a paper's "Describes"
 * (the tools that name it; a tool's papers are in its "Paper to cite" card). Nothing at all when
 * there are none, so items no source links show no empty card.
 */
export function LinkedItemsCard({ title, items }: { title: string; items: readonly ItemLink[] | undefined }) {
  if (!items?.length) return null;
  return (
    <DetailCard title={title}>
      <List spacing="xs" size="sm">
        {items.map((item) => (
          <List.Item key={item.slug}>
            <Anchor component={Link} href={itemPath(item.content_type, item.slug)} size="sm">
              {item.title}
            </Anchor>
            {item.year !== null && ` (${item.year})`}
          </List.Item>
        ))}
      </List>
    </DetailCard>
  );
}
