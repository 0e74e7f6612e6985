import { Alert, Button, Center, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { resultRangeText, type BrowseQuery } from '@sciai/core';
import { useBrowseItems } from '../../hooks/use-browse-items.ts';
import { ItemCard } from './item-card.tsx';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
/** Spec 9: skeleton cards, 6 under 768px and 8 otherwise. */
const SKELETONS = { mobile: 6, desktop: 8 } as const;

export function BrowseResults({ query }: { query: BrowseQuery }) {
  const results = useBrowseItems(query);
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  if (results.isLoading) {
    return (
      <SimpleGrid cols={GRID_COLUMNS} spacing="md" aria-busy="true" aria-label="Loading results">
        {Array.from({ length: isMobile ? SKELETONS.mobile : SKELETONS.desktop }, (_, index) => (
          <Skeleton key={index} height={210} radius="md" data-testid="result-skeleton" />
        ))}
      </SimpleGrid>
    );
  }

  if (results.error && results.items.length === 0) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Could not load results">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Something went wrong while loading the catalog. Please try again.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void results.retry()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (results.total === 0) return <NoResults />;

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm" aria-live="polite">
        {resultRangeText(results.items.length, results.total)}
      </Text>
      <SimpleGrid component="ul" cols={GRID_COLUMNS} spacing="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {results.items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} />
          </li>
        ))}
      </SimpleGrid>
      {results.hasMore && (
        <Center>
          <Button variant="default" size="md" loading={results.isLoadingMore} onClick={() => void results.loadMore()}>
            Load More Results
          </Button>
        </Center>
      )}
      {results.error && (
        <Text c="red" size="sm" ta="center" role="alert">
          Could not load more results. Please try again.
        </Text>
      )}
    </Stack>
  );
}

/** Spec 2.4: the empty state and its suggestions. */
function NoResults() {
  return (
    <Stack align="center" ta="center" py="xl" gap="sm">
      <IconSearchOff size={48} stroke={1.5} aria-hidden />
      <Title order={2} size="h3">
        No results found
      </Title>
      <Text c="dimmed">We couldn’t find anything that matches. You could:</Text>
      <List c="dimmed" ta="left">
        <List.Item>Check your spelling</List.Item>
        <List.Item>Use more general terms</List.Item>
        <List.Item>Remove some filters</List.Item>
        <List.Item>Try different keywords</List.Item>
      </List>
    </Stack>
  );
}
