import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Container, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { buildCompareRows, COMPARE_ITEMS_PARAM, compareHref, MIN_COMPARE_ITEMS, parseCompareItems } from '@sciai/core';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { useCompareItems } from '../hooks/use-compare-items.ts';
import { removeFromCompare, useCompare } from '../hooks/use-compare.ts';
import { CompareTable } from '../components/compare/compare-table.tsx';
import { CompareEmptyState } from '../components/compare/compare-empty-state.tsx';
import { CopyLinkButton } from '../components/compare/copy-link-button.tsx';
import { listNames } from '../components/browse/list-names.ts';
import { t } from '../i18n/index.ts';

/**
 * /compare?items=a,b,c — two to four items side by side; the URL is the comparison. A bare
 * /compare compares the compare tray's picks and writes them into the URL
 * (docs/product.md#compare).
 */
export function ComparePage() {
  usePageTitle(t('Compare'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const tray = useCompare().items;
  const param = new URLSearchParams(search).get(COMPARE_ITEMS_PARAM);
  const traySlugs = useMemo(() => tray.map((item) => item.slug), [tray]);
  const fromTray = param === null && traySlugs.length >= MIN_COMPARE_ITEMS;
  const urlSlugs = useMemo(() => parseCompareItems(param), [param]);
  const slugs = fromTray ? traySlugs : urlSlugs;
  useEffect(() => {
    if (fromTray) navigate(compareHref(traySlugs), { replace: true });
  }, [fromTray, traySlugs, navigate]);
  const { items, missing, isLoading, error, retry } = useCompareItems(slugs);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const rows = useMemo(() => buildCompareRows(items), [items]);

  const remove = (slug: string) => {
    removeFromCompare(slug);
    navigate(compareHref(slugs.filter((other) => other !== slug)), { replace: true });
  };

  const header = (
    <Title order={1} mb="xs">
      {t('Compare')}
    </Title>
  );

  if (slugs.length >= MIN_COMPARE_ITEMS && isLoading) {
    return (
      <Container size="xl" py="xl">
        {header}
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('Loading the comparison')}>
          <Skeleton height={96} />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={40} />
          ))}
        </Stack>
      </Container>
    );
  }

  if (error && items.length < MIN_COMPARE_ITEMS) {
    return (
      <Container size="xl" py="xl">
        {header}
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('The comparison could not load')}>
          <Text size="sm" mb="sm">
            {t('Check your connection and try again.')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={retry}>
            {t('Try again')}
          </Button>
        </Alert>
      </Container>
    );
  }

  if (items.length < MIN_COMPARE_ITEMS) {
    return (
      <Container size="xl" py="xl">
        {header}
        <CompareEmptyState found={items} missing={missing} />
      </Container>
    );
  }

  const visibleRows = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const differing = rows.filter((row) => row.differs).length;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Box>
          {header}
          <Text c="dimmed" id="compare-summary">
            {differing === 0
              ? t('{count} items side by side. Their attributes are all the same.', { count: items.length })
              : t(
                  '{count} items side by side. {differing} of {total} attributes differ; their rows are highlighted and marked with a dot.',
                  { count: items.length, differing, total: rows.length },
                )}
          </Text>
        </Box>
        <Group gap="sm">
          <CopyLinkButton href={compareHref(items.map((item) => item.slug))} />
        </Group>
      </Group>
      {missing.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          mb="md"
          title={t('Some items were not found')}
          // yellow text on the light yellow background is under 4.5:1; the icon and tint carry the warning
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t('No published item has the address {addresses}. It may have been renamed or removed.', {
            addresses: listNames(missing.map((slug) => `“${slug}”`)),
          })}
        </Alert>
      )}
      <Switch
        label={t('Only show differences')}
        checked={onlyDifferences}
        onChange={(event) => setOnlyDifferences(event.currentTarget.checked)}
        disabled={differing === 0}
        mb="md"
      />
      <CompareTable items={items} rows={visibleRows} onRemove={remove} />
    </Container>
  );
}
