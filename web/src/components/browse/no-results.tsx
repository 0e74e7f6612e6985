import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSearchOff } from '@tabler/icons-react';
import { Link } from 'wouter';
import { t, Trans } from '../../i18n/index.ts';

interface NoResultsProps {
  /** The search's corrected text when nothing matched, and where it leads. */
  suggestion?: { text: string; href: string };
  /** What was searched for: 'Suggest this tool' opens the contribute wizard with it as the name. */
  query?: string;
}

/** The contribute wizard with the name filled in (docs/product.md#browse-empty). */
export function suggestToolHref(query: string): string {
  return `/contribute?${new URLSearchParams({ name: query.trim() }).toString()}`;
}

/** docs/product.md#browse-empty: the empty state, its suggestions, and the search's 'Did you mean …?'. */
export function NoResults({ suggestion, query }: NoResultsProps) {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm">
      <IconSearchOff size={48} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={2} size="h3">
        {t('No results found')}
      </Title>
      {suggestion && (
        <Text size="lg">
          <Trans
            id="Did you mean <0>{suggestion}</0>?"
            values={{ suggestion: suggestion.text }}
            components={{ 0: <Anchor component={Link} href={suggestion.href} fw={600} /> }}
          />
        </Text>
      )}
      <Text c="dimmed">{t('Try adjusting your search or filters:')}</Text>
      <List c="dimmed" ta="start">
        <List.Item>{t('Check your spelling')}</List.Item>
        <List.Item>{t('Use more general terms')}</List.Item>
        <List.Item>{t('Remove some filters')}</List.Item>
        <List.Item>{t('Try different keywords')}</List.Item>
      </List>
      {query?.trim() && (
        <Button
          component={Link}
          href={suggestToolHref(query)}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="suggest-tool"
        >
          {t('Suggest this tool')}
        </Button>
      )}
    </Stack>
  );
}
