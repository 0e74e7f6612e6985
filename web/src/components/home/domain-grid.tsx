import { memo, useDeferredValue } from 'react';
import { Box, Card, Container, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'wouter';
import { browseHref, formatCount } from '@sciai/core';
import { t } from '../../i18n/index.ts';
import { DomainIcon } from '../domains/domain-icon.tsx';
import { useDomainCards, type DomainCardData, type DomainCardsState } from '../../hooks/use-domain-cards.ts';
import classes from './domain-grid.module.css';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 4 } as const;
const SKELETON_CARDS = 8;

/** docs/product.md#landing-domains: 'Explore by Scientific Field', one card per domain with its count of items. */
export function DomainGrid() {
  // The cards arriving render in the background (a transition, in short slices between which
  // the browser stays responsive) instead of in one long task as the data comes in.
  const state = useDeferredValue(useDomainCards());

  return (
    <Box component="section" aria-labelledby="domains-title" className={classes.section}>
      <Container size="xl">
        <Title order={2} id="domains-title" ta="center" mb="xs">
          {t('Explore by Scientific Field')}
        </Title>
        <Text c="dimmed" ta="center" mb="xl">
          {t(
            'Start from your discipline: every field lists the AI tools, papers, companies and agents catalogued for it.',
          )}
        </Text>
        <DomainCards state={state} />
      </Container>
    </Box>
  );
}

/** Memoized: the render with the data's previous state, which comes first, skips the cards. */
const DomainCards = memo(function DomainCards({ state }: { state: DomainCardsState }) {
  if (state.status === 'loading') {
    return (
      <SimpleGrid
        cols={GRID_COLUMNS}
        spacing="md"
        role="status"
        aria-busy="true"
        aria-label={t('Loading scientific fields')}
      >
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Skeleton key={index} height={132} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid component="ul" cols={GRID_COLUMNS} spacing="md" className={classes.list}>
      {state.cards.map((card) => (
        <li key={card.slug}>
          <DomainCard domain={card} />
        </li>
      ))}
    </SimpleGrid>
  );
});

/** The count covers papers, companies and agents too, not only tools. */
function itemCountText(count: number): string {
  return t('{count, plural, one {{shown} item} other {{shown} items}}', { count, shown: formatCount(count) });
}

function DomainCard({ domain }: { domain: DomainCardData }) {
  return (
    <Card
      component={Link}
      href={browseHref({ domain: domain.slug })}
      withBorder
      padding="lg"
      radius="md"
      className={classes.card}
      data-domain={domain.slug}
      data-parent={domain.parentName ? 'true' : undefined}
      data-result-card
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color={domain.color ?? 'blue'}>
          <DomainIcon name={domain.icon} size={24} />
        </ThemeIcon>
        <div className={classes.text}>
          {domain.parentName && (
            <Text size="xs" c="dimmed" className={classes.parent}>
              {t('{parent} ›', { parent: domain.parentName })}
            </Text>
          )}
          <Text fw={600} size="lg" className={classes.name}>
            {domain.name}
          </Text>
          {domain.count !== undefined && (
            <Text size="sm" c="dimmed" data-testid="domain-count">
              {itemCountText(domain.count)}
            </Text>
          )}
        </div>
      </Group>
      {domain.description && (
        <Text size="sm" c="dimmed" mt="sm" lineClamp={2}>
          {domain.description}
        </Text>
      )}
    </Card>
  );
}
