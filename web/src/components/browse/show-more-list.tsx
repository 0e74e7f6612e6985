import { useId, useState, type ReactNode } from 'react';
import { Button, Group, List } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

interface ShowMoreListProps {
  items: string[];
  /** How many show before 'Show N more'; undefined shows all. */
  limit?: number;
  /** Badges in a row (tags) or a bulleted list (features, advantages). */
  as?: 'list' | 'badges';
  renderBadge?: (item: string) => ReactNode;
}

/** A list cut to its first items on small screens, with a control to show the rest (docs/product.md#browse-quick-view). */
export function ShowMoreList({ items, limit, as = 'list', renderBadge }: ShowMoreListProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const cut = limit !== undefined && !expanded && items.length > limit;
  const shown = cut ? items.slice(0, limit) : items;
  const hidden = items.length - (limit ?? items.length);

  return (
    <div>
      {as === 'badges' ? (
        <Group gap={6} id={id}>
          {shown.map((item) => renderBadge?.(item) ?? item)}
        </Group>
      ) : (
        <List
          id={id}
          size="sm"
          spacing={4}
          icon={<IconCheck size={14} aria-hidden color="var(--mantine-color-green-filled)" />}
        >
          {shown.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
      {limit !== undefined && hidden > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('Show less') : t('Show {count} more', { count: hidden })}
        </Button>
      )}
    </div>
  );
}
