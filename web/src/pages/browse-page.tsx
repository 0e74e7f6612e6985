import { lazy, Suspense, useDeferredValue, useEffect, useState, type ComponentProps } from 'react';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMounted } from '@mantine/hooks';
import { IconRss } from '@tabler/icons-react';
import { activeFilters, BROWSE_SUBTITLE, BROWSE_TITLE, browseUrl, searchFeedPath, type FilterState } from '@sciai/core';
import { ActiveFilterChips } from '../components/browse/active-filter-chips.tsx';
import { BrowseResults } from '../components/browse/browse-results.tsx';
import { BrowseSearchBox } from '../components/browse/browse-search-box.tsx';
import { ContentTypeTabs } from '../components/browse/content-type-tabs.tsx';
import { ResultsToolbar } from '../components/browse/results-toolbar.tsx';
import { SampleDataBanner } from '../components/browse/sample-data-banner.tsx';
import { FollowSearchButton } from '../components/follow/follow-search-button.tsx';
import { useBrowseDomains } from '../hooks/use-browse-domains.ts';
import { useIsMobile } from '../components/browse/use-is-mobile.ts';
import { feedsAvailable } from '../data/backend-features.ts';
import classes from '../components/browse/browse-layout.module.css';
import { useBrowseResults } from '../hooks/use-browse-results.ts';
import { CURRENT_YEAR, useBrowseState } from '../hooks/use-browse-state.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { preloadPublicSettings } from '../hooks/use-public-settings.ts';
import { afterPageShown } from '../lib/page-shown.ts';
import { t } from '../i18n/index.ts';

// The filter panel (its accordion, checkboxes and facet lists) is not needed to show the page or
// answer a search: a wide screen asks for it as the page first renders, and it fills the aside
// when it arrives; a phone shows it in the drawer (Mantine's Drawer), which loads with it once the
// page is shown, or when first opened (docs/decisions/0093-browse-budget-without-stand-ins.md).
const loadFilterPanel = () => import('../components/browse/filter-panel.tsx');
const FilterPanel = lazy(() => loadFilterPanel().then((module) => ({ default: module.FilterPanel })));
const loadFilterDrawer = () => import('../components/browse/filter-drawer.tsx');
const FilterDrawer = lazy(() => loadFilterDrawer().then((module) => ({ default: module.FilterDrawer })));

/**
 * The drawer, closed on its first render: Mantine's Drawer notes the element to give focus back
 * to (the Filters button) when it opens, which a drawer mounted already open never does.
 */
function LazyFilterDrawer(props: ComponentProps<typeof FilterDrawer>) {
  const mounted = useMounted();
  return <FilterDrawer {...props} opened={mounted && props.opened} />;
}

// The sample-data notice is the largest text of the page's first view: its setting is asked for
// as soon as this code has loaded (the router starts loading it with the app), not once the
// page has rendered.
preloadPublicSettings();

/** docs/product.md#browse: browse, search and filter the catalog; the URL holds the whole view. */
export function BrowsePage() {
  usePageTitle(t('Browse AI Tools'));
  const { filters, view, setFilters, setView } = useBrowseState();
  // A new state of the results (twenty cards) renders in the background, in slices between
  // which the browser stays responsive, instead of in one long task as it arrives; the
  // previous state stays on screen meanwhile.
  const results = useDeferredValue(useBrowseResults(filters));
  const isMobile = useIsMobile();
  useEffect(() => {
    if (isMobile) afterPageShown(() => void loadFilterDrawer().catch(() => undefined));
  }, [isMobile]);
  const domains = useBrowseDomains();
  const [drawerOpened, drawer] = useDisclosure(false);
  // mounted from its first opening on, so that its closing transition plays
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerOpened && !drawerWanted) setDrawerWanted(true);

  const panel = {
    filters,
    facets: results.facets,
    countsLoading: results.isFirstLoad,
    currentYear: CURRENT_YEAR,
    onChange: setFilters,
  };
  const suggestionState: FilterState | undefined = results.suggestion
    ? { ...filters, search: results.suggestion, within: '' }
    : undefined;

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{t(BROWSE_TITLE)}</Title>
            <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
              <Text c="dimmed">{t(BROWSE_SUBTITLE)}</Text>
              {/* docs/product.md#notification-feeds: the newest items of this search, for feed readers */}
              {feedsAvailable() && (
                <Anchor href={searchFeedPath(filters, CURRENT_YEAR)} type="application/atom+xml" size="sm">
                  <Group component="span" gap={4} wrap="nowrap">
                    <IconRss size={14} aria-hidden />
                    {t('Feed of this search')}
                  </Group>
                </Anchor>
              )}
            </Group>
          </Stack>
          <FollowSearchButton filters={filters} currentYear={CURRENT_YEAR} domainName={domains.name} />
        </Group>
        <SampleDataBanner />
        <BrowseSearchBox value={filters.search} onSearch={(search) => setFilters({ ...filters, search }, 'replace')} />

        <ContentTypeTabs
          filters={filters}
          facets={results.facets}
          loading={results.isFirstLoad}
          onChange={setFilters}
          className={classes.layout}
          aside={
            !isMobile && (
              <Paper
                component="aside"
                aria-label={t('Filters')}
                withBorder
                p="md"
                radius="md"
                className={classes.aside}
              >
                <Title order={2} size="h4" mb="sm">
                  {t('Filters')}
                </Title>
                <Suspense fallback={null}>
                  <FilterPanel {...panel} idPrefix="side-filters" />
                </Suspense>
              </Paper>
            )
          }
        >
          <section aria-label={t('Results')}>
            <ResultsToolbar
              shown={results.items.length}
              total={results.total}
              partialFrom={results.partialFrom}
              loaded={!results.isFirstLoad && !results.error}
              correctedSearch={results.correctedSearch}
              view={view}
              onViewChange={setView}
              sortBy={filters.sortBy}
              onSortChange={(sortBy) => setFilters({ ...filters, sortBy })}
              filters={
                isMobile
                  ? {
                      activeCount: activeFilters(filters, CURRENT_YEAR).length,
                      open: drawer.open,
                      opened: drawerOpened,
                    }
                  : undefined
              }
            />
            {isMobile && (
              <div className={classes.mobileChips}>
                <ActiveFilterChips filters={filters} currentYear={CURRENT_YEAR} onChange={setFilters} />
              </div>
            )}
            <BrowseResults
              results={results}
              view={view}
              suggestionHref={suggestionState && browseUrl(suggestionState, view, CURRENT_YEAR)}
              query={filters.search}
            />
          </section>
        </ContentTypeTabs>
      </Stack>
      {isMobile && drawerWanted && (
        <Suspense fallback={null}>
          <LazyFilterDrawer {...panel} opened={drawerOpened} onClose={drawer.close} total={results.total} />
        </Suspense>
      )}
    </Container>
  );
}
