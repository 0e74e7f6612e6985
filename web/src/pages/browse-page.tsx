import { useMemo } from 'react';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from 'wouter';
import { browseHref, CONTENT_TYPE_TAB_LABELS, isDomainId, parseBrowseQuery, type BrowseQuery } from '@sciai/core';
import { SampleDataBanner } from '../components/browse/sample-data-banner.tsx';
import { BrowseSearch } from '../components/browse/browse-search.tsx';
import { BrowseResults } from '../components/browse/browse-results.tsx';
import { useDomains } from '../hooks/use-domains.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';

export function BrowsePage() {
  const search = useSearch();
  const parsed = parseBrowseQuery(search);
  // One object per distinct query, so hooks keyed on it do not refetch on every render.
  const query = useMemo<BrowseQuery>(
    () => ({ search: parsed.search, domain: parsed.domain, type: parsed.type }),
    [parsed.search, parsed.domain, parsed.type],
  );
  usePageTitle(query.search ? `Search: ${query.search}` : 'Browse AI Tools');

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Browse AI Tools</Title>
          <Text c="dimmed">Software, research papers, companies and AI agents for science.</Text>
        </Stack>
        <SampleDataBanner />
        <BrowseSearch key={query.search} query={query} />
        {(query.domain || query.type !== 'all') && <ActiveFilters query={query} />}
        <BrowseResults query={query} />
      </Stack>
    </Container>
  );
}

/** Which domain and type the URL narrows to, with a way back to everything. */
function ActiveFilters({ query }: { query: BrowseQuery }) {
  const { data: domains } = useDomains();
  const domain = query.domain;
  const domainName = domain
    ? (domains?.find((candidate) => (isDomainId(domain) ? candidate.id === domain : candidate.slug === domain))?.name ??
      domain)
    : undefined;
  const parts = [
    domainName ? `Field: ${domainName}` : undefined,
    query.type !== 'all' ? `Type: ${CONTENT_TYPE_TAB_LABELS[query.type]}` : undefined,
  ].filter(Boolean);

  return (
    <Group gap="sm">
      <Text size="sm" fw={500}>
        {parts.join(' · ')}
      </Text>
      <Anchor component={Link} href={browseHref({ search: query.search })} size="sm">
        Clear filters
      </Anchor>
    </Group>
  );
}
