import { Anchor, Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutColumns } from '@tabler/icons-react';
import { Link } from 'wouter';
import { compareHref, itemPath, MAX_COMPARE_ITEMS, MIN_COMPARE_ITEMS } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { useCompare } from '../../hooks/use-compare.ts';

interface CompareEmptyStateProps {
  /** The one item (if any) the address named that exists. */
  found: ItemDetail[];
  /** Slugs in the address that no published item has. */
  missing: string[];
}

/** Fewer than two items to show: how to pick them, and where. */
export function CompareEmptyState({ found, missing }: CompareEmptyStateProps) {
  const { items: picks } = useCompare();
  const [only] = found;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} ta="center" maw={640} mx="auto" mt="lg">
      <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
        <IconLayoutColumns size={30} />
      </ThemeIcon>
      <Title order={2} size="h3" mb="xs">
        Pick at least two items to compare
      </Title>
      {only && (
        <Text mb="xs">
          Only one item to compare so far:{' '}
          <Anchor component={Link} href={itemPath(only.content_type, only.slug)} underline="always">
            {only.title}
          </Anchor>
          .
        </Text>
      )}
      {missing.length > 0 && (
        <Text mb="xs" c="dimmed">
          Not found: {missing.map((slug) => `“${slug}”`).join(', ')}.
        </Text>
      )}
      <Text c="dimmed" mb="lg">
        Press <strong>Compare</strong> on any item while you browse, or on its detail page. Your picks collect in the
        tray at the bottom of the screen; compare {MIN_COMPARE_ITEMS} to {MAX_COMPARE_ITEMS} at a time.
      </Text>
      <Group justify="center" gap="sm">
        <Button component={Link} href="/browse">
          Browse the catalog
        </Button>
        {picks.length >= MIN_COMPARE_ITEMS && (
          <Button component={Link} href={compareHref(picks.map((pick) => pick.slug))} variant="light">
            Compare your picks ({picks.length})
          </Button>
        )}
      </Group>
    </Paper>
  );
}
