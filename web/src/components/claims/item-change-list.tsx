import { Anchor, List, Stack, Text } from '@mantine/core';
import { FACT_FIELD_LABELS, factText } from '../../data/item-maintenance.ts';
import { useItemChanges } from '../../hooks/use-item-claims.ts';
import { formatWhen } from '../admin/common/format-time.ts';

/** The maintainers' changes to the item, newest first: who, when, old → new. */
export function ItemChangeList({ contentId }: { contentId: string }) {
  const { data, error, mutate } = useItemChanges(contentId);
  if (error)
    return (
      <Text size="sm" c="red">
        The changes could not load.{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void mutate()}>
          Try again
        </Anchor>
      </Text>
    );
  if (data === undefined)
    return (
      <Text size="sm" c="dimmed">
        Loading the changes…
      </Text>
    );
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The maintainer has not changed anything yet.
      </Text>
    );
  return (
    <List spacing="xs" size="sm" aria-label="Changes by the maintainer">
      {data.map((change) => (
        <List.Item key={change.id}>
          <Stack gap={0}>
            <Text size="sm">
              <Text span fw={600}>
                {FACT_FIELD_LABELS[change.field]}
              </Text>{' '}
              changed by {change.changed_by_name ?? 'the maintainer'},{' '}
              <time dateTime={change.created_at}>{formatWhen(change.created_at)}</time>
            </Text>
            <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {factText(change.old_value)} → {factText(change.new_value)}
            </Text>
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}
