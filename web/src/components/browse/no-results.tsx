import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { Link } from 'wouter';

interface NoResultsProps {
  /** The search's corrected text when nothing matched, and where it leads. */
  suggestion?: { text: string; href: string };
}

/** docs/product.md#browse-empty: the empty state, its suggestions, and the search's 'Did you mean …?'. */
export function NoResults({ suggestion }: NoResultsProps) {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm">
      <IconSearchOff size={48} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={2} size="h3">
        No results found
      </Title>
      {suggestion && (
        <Text size="lg">
          Did you mean{' '}
          <Anchor component={Link} href={suggestion.href} fw={600}>
            {suggestion.text}
          </Anchor>
          ?
        </Text>
      )}
      <Text c="dimmed">Try adjusting your search or filters:</Text>
      <List c="dimmed" ta="left">
        <List.Item>Check your spelling</List.Item>
        <List.Item>Use more general terms</List.Item>
        <List.Item>Remove some filters</List.Item>
        <List.Item>Try different keywords</List.Item>
      </List>
    </Stack>
  );
}
