import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBookmarks } from '@tabler/icons-react';
import { Link } from 'wouter';
import { t } from '../../i18n/index.ts';

/** Nothing saved yet (docs/product.md#library-empty). */
export function LibraryEmptyState() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBookmarks size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('Your Research Toolkit is Empty')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('Save tools, papers, companies and agents while you browse, and they will be collected here.')}
        </Text>
        <Button component={Link} href="/browse" mt="xs">
          {t('Explore AI Tools')}
        </Button>
      </Stack>
    </Paper>
  );
}
