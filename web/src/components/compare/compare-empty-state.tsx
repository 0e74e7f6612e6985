import { Anchor, Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutColumns } from '@tabler/icons-react';
import { Link } from 'wouter';
import { compareHref, itemPath, MAX_COMPARE_ITEMS, MIN_COMPARE_ITEMS } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { useCompare } from '../../hooks/use-compare.ts';
import { t, Trans } from '../../i18n/index.ts';
import { listNames } from '../browse/list-names.ts';

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
        {t('Pick at least two items to compare')}
      </Title>
      {only && (
        <Text mb="xs">
          <Trans
            id="Only one item to compare so far: <0>{title}</0>."
            values={{ title: only.title }}
            components={{
              0: <Anchor component={Link} href={itemPath(only.content_type, only.slug)} underline="always" />,
            }}
          />
        </Text>
      )}
      {missing.length > 0 && (
        <Text mb="xs" c="dimmed">
          {t('Not found: {addresses}.', { addresses: listNames(missing.map((slug) => `“${slug}”`)) })}
        </Text>
      )}
      <Text c="dimmed" mb="lg">
        <Trans
          id="Press <0>Compare</0> on any item while you browse, or on its detail page. Your picks collect in the tray at the bottom of the screen; compare {min} to {max} at a time."
          values={{ min: MIN_COMPARE_ITEMS, max: MAX_COMPARE_ITEMS }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Group justify="center" gap="sm">
        <Button component={Link} href="/browse">
          {t('Browse the catalog')}
        </Button>
        {picks.length >= MIN_COMPARE_ITEMS && (
          <Button component={Link} href={compareHref(picks.map((pick) => pick.slug))} variant="light">
            {t('Compare your picks ({count})', { count: picks.length })}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
