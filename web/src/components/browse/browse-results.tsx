import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Skeleton, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PARTIAL_FILL_DIVIDER, type BrowseView } from '@sciai/core';
import type { useBrowseResults } from '../../hooks/use-browse-results.ts';
import type { SearchCard } from '../../data/search-items.ts';
import { useQuickViewParam } from '../../hooks/use-quick-view-param.ts';
import { ItemCard } from './item-card.tsx';
import { ItemRow } from './item-row.tsx';
import { NoResults } from './no-results.tsx';
import { useIsMobile } from './use-is-mobile.ts';
import classes from './browse-layout.module.css';
import { afterPageShown } from '../../lib/page-shown.ts';
import { msg, t } from '../../i18n/index.ts';

// The quick view's dialog and drawer load once the page is shown (or when first opened), not
// before the results answer (docs/decisions/0048-catalog-reads-before-auth.md).
const loadQuickView = () => import('./quick-view.tsx');
const QuickView = lazy(() => loadQuickView().then((module) => ({ default: module.QuickView })));

/**
 * The quick view, closed on its first render: Mantine's Modal notes the element to give focus
 * back to (the card's button) when it opens, which a dialog mounted already open never does.
 */
function LazyQuickView({ item, onClose }: { item: SearchCard | null; onClose: () => void }) {
  const mounted = useMounted();
  return <QuickView item={mounted ? item : null} onClose={onClose} />;
}

/** docs/product.md#browse-loading: skeleton cards, 6 under 768px and 8 otherwise. */
const SKELETONS = { mobile: 6, desktop: 8 } as const;

interface BrowseResultsProps {
  results: ReturnType<typeof useBrowseResults>;
  view: BrowseView;
  suggestionHref?: string;
  /** What was searched for, for the empty state's 'Suggest this tool'. */
  query?: string;
}

/**
 * Memoized: the browse page renders a new results state in the background (useDeferredValue),
 * and the render that comes first, with the previous state, then skips the twenty cards.
 */
/** docs/product.md#browse-search: no item matched all the words; these match some of them. */
export const PARTIAL_MATCH_NOTE = msg('No exact matches; showing items matching some of your words');

export const BrowseResults = memo(function BrowseResults({ results, view, suggestionHref, query }: BrowseResultsProps) {
  const isMobile = useIsMobile();
  // the open quick view is in the URL (?item=slug): shareable, and Back closes it
  const quickView = useQuickViewParam(results.isFirstLoad ? null : results.items);
  // mounted from its first opening on, so that its closing transition plays
  const [quickViewWanted, setQuickViewWanted] = useState(false);
  if (quickView.item && !quickViewWanted) setQuickViewWanted(true);
  useEffect(() => afterPageShown(() => void loadQuickView().catch(() => undefined)), []);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const count = results.items.length;
  // docs/product.md#browse-search: few items hold every word; those after them hold some
  const partialFrom = results.partialFrom;
  const renderItem = (item: SearchCard, index: number) => (
    <li key={item.id} data-result-index={index}>
      {view === 'list' ? (
        <ItemRow item={item} onQuickView={quickView.open} />
      ) : (
        <ItemCard item={item} onQuickView={quickView.open} />
      )}
    </li>
  );

  // After 'Load More Results', keyboard focus moves to the first new result (the button it
  // was on is gone); the page does not scroll.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-result-index="${from}"] h2 a`)?.focus({ preventScroll: true });
  }, [count]);

  if (results.isFirstLoad) {
    return (
      <ul className={classes.grid} data-view="grid" aria-busy="true" aria-label={t('Loading results')}>
        {Array.from({ length: isMobile ? SKELETONS.mobile : SKELETONS.desktop }, (_, index) => (
          <li key={index}>
            <Skeleton height={260} radius="md" data-testid="result-skeleton" />
          </li>
        ))}
      </ul>
    );
  }

  if (results.error) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('Could not load results')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{results.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void results.retry()}>
            {t('Try again')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (results.total === 0) {
    return (
      <Box aria-busy={results.isStale}>
        <NoResults
          suggestion={
            results.suggestion && suggestionHref ? { text: results.suggestion, href: suggestionHref } : undefined
          }
          query={query}
        />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      {results.partialMatch && (
        <Text size="sm" c="dimmed" data-testid="partial-match">
          {t(PARTIAL_MATCH_NOTE)}
        </Text>
      )}
      <ul
        ref={listRef}
        className={classes.grid}
        data-view={view}
        data-stale={results.isStale || undefined}
        aria-busy={results.isStale}
        aria-label={t('Results')}
      >
        {results.items.slice(0, partialFrom).map(renderItem)}
      </ul>
      {partialFrom !== undefined && (
        <>
          <Text size="sm" c="dimmed" data-testid="partial-fill">
            {t(PARTIAL_FILL_DIVIDER)}
          </Text>
          <ul
            className={classes.grid}
            data-view={view}
            data-stale={results.isStale || undefined}
            aria-busy={results.isStale}
            aria-label={t(PARTIAL_FILL_DIVIDER)}
          >
            {results.items.slice(partialFrom).map((item, index) => renderItem(item, partialFrom + index))}
          </ul>
        </>
      )}
      {results.hasMore && !results.isStale && (
        <Center>
          <Button
            variant="default"
            size="md"
            loading={results.isLoadingMore}
            onClick={() => {
              focusFrom.current = count;
              void results.loadMore();
            }}
          >
            {t('Load More Results')}
          </Button>
        </Center>
      )}
      {results.loadMoreError && (
        <Text c="red" size="sm" ta="center" role="alert">
          {t('Could not load more results: {reason}', { reason: results.loadMoreError.message })}
        </Text>
      )}
      {quickViewWanted && (
        <Suspense fallback={null}>
          <LazyQuickView item={quickView.item} onClose={quickView.close} />
        </Suspense>
      )}
    </Stack>
  );
});
