import { useState } from 'react';
import { Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_ITEMS_PAGE_SIZE } from '../../../data/admin-content.ts';
import { useAdminItems } from '../../../hooks/use-admin-items.ts';
import { useDomains } from '../../../hooks/use-domains.ts';
import { LoadState } from '../../load-state.tsx';
import { ContentFilters, NO_CONTENT_FILTERS, type ContentFilterValues } from './content-filters.tsx';
import { ContentTable } from './content-table.tsx';
import { t } from '../../../i18n/index.ts';
import { pageControlName } from '../common/page-control-name.ts';

const yesNo = (value: string) => (value === '' ? null : value === 'true');

/** The 'All content' tab: every item in any status, filtered, searched and paginated. */
export function AllContent() {
  const [filters, setFilters] = useState<ContentFilterValues>(NO_CONTENT_FILTERS);
  const [search] = useDebouncedValue(filters.search, 300);
  const [page, setPage] = useState(1);
  const domains = useDomains();
  const items = useAdminItems({
    search,
    contentType: filters.contentType || null,
    status: filters.status || null,
    domainId: filters.domainId || null,
    verified: yesNo(filters.verified),
    featured: yesNo(filters.featured),
    page,
  });

  return (
    <Stack gap="md">
      <ContentFilters
        value={filters}
        domains={domains.data ?? []}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <LoadState data={items.data} error={items.error} what={t('content')} retry={() => void items.mutate()}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / ADMIN_ITEMS_PAGE_SIZE));
          return (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('{count, plural, one {# item} other {# items}}', { count: data.total })}
              </Text>
              {data.items.length === 0 ? (
                <Text c="dimmed">{t('No items match these filters.')}</Text>
              ) : (
                <ContentTable items={data.items} domains={domains.data ?? []} />
              )}
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': pageControlName(control) })}
                />
              )}
            </Stack>
          );
        }}
      </LoadState>
    </Stack>
  );
}
