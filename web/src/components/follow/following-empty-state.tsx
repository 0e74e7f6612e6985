import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { Link } from 'wouter';

/** Nothing followed yet (docs/product.md#following-page): how to follow. */
export function FollowingEmptyState() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBellPlus size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          You are not following anything yet
        </Title>
        <Text c="dimmed" maw={520}>
          Press Follow on an item, a field, an organization or a public profile, or &apos;Follow this search&apos; on
          Browse. What they bring is counted here as new until you open them.
        </Text>
        <Button component={Link} href="/browse" mt="xs">
          Explore AI Tools
        </Button>
      </Stack>
    </Paper>
  );
}
