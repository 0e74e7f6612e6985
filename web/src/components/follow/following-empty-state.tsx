import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellPlus } from '@tabler/icons-react';
import { Link } from 'wouter';
import { t } from '../../i18n/index.ts';

/** Nothing followed yet (docs/product.md#following-page): how to follow. */
export function FollowingEmptyState() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBellPlus size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('You are not following anything yet')}
        </Title>
        <Text c="dimmed" maw={520}>
          {t(
            "Press Follow on an item, a field, an organization or a public profile, or 'Follow this search' on Browse. What they bring is counted here as new until you open them.",
          )}
        </Text>
        <Button component={Link} href="/browse" mt="xs">
          {t('Explore AI Tools')}
        </Button>
      </Stack>
    </Paper>
  );
}
