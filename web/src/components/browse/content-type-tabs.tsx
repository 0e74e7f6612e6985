import type { ReactNode } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { CONTENT_TYPE_TAB_LABELS, CONTENT_TYPES, isContentType, type ContentType, type FilterState } from '@sciai/core';
import type { SearchFacets } from '../../data/search-items.ts';
import { useMediaQuery } from '@mantine/hooks';
import { wholeNumber } from './whole-number.ts';
import { t } from '../../i18n/index.ts';
import classes from './content-type-tabs.module.css';

type Tab = ContentType | 'all';
const TABS: Tab[] = ['all', ...CONTENT_TYPES];

interface ContentTypeTabsProps {
  filters: FilterState;
  facets: SearchFacets;
  /** The counts are not known yet (first load): blank badges hold their place. */
  loading?: boolean;
  onChange: (next: FilterState) => void;
  /** The results: the panel of the selected tab. */
  children: ReactNode;
  /** Beside the panel but outside it: the filter panel, which serves every tab. */
  aside?: ReactNode;
  className?: string;
}

/** The content-type tabs (docs/product.md#browse-tabs), each with its count among the current results; All is their sum. */
export function ContentTypeTabs({
  filters,
  facets,
  loading = false,
  onChange,
  children,
  aside,
  className,
}: ContentTypeTabsProps) {
  // Where the five tabs do not fit on one line (phones and tablets, up to 992px) they wrap as
  // pills rather than scroll out of sight ('AI A…' cut at the edge at 768px).
  const wrap = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  // Several types at once can come from a shared URL; then no single tab is selected.
  const active: Tab | null =
    filters.contentTypes.length === 0 ? 'all' : filters.contentTypes.length === 1 ? filters.contentTypes[0]! : null;
  const count = (tab: Tab) =>
    tab === 'all'
      ? CONTENT_TYPES.reduce((sum, type) => sum + (facets.content_types[type] ?? 0), 0)
      : (facets.content_types[tab] ?? 0);

  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'all') onChange({ ...filters, contentTypes: [] });
        else if (value && isContentType(value)) onChange({ ...filters, contentTypes: [value] });
      }}
      keepMounted={false}
      variant={wrap ? 'pills' : 'default'}
    >
      <div className={classes.scroller} data-wrap={wrap || undefined}>
        <Tabs.List aria-label={t('Content type')} className={classes.list}>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              className={classes.tab}
              rightSection={
                <Badge size="sm" variant="default" className={classes.count} data-loading={loading || undefined}>
                  {loading ? '' : wholeNumber(count(tab))}
                </Badge>
              }
            >
              {t(CONTENT_TYPE_TAB_LABELS[tab])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </div>
      <div className={className}>
        {aside}
        {active ? <Tabs.Panel value={active}>{children}</Tabs.Panel> : <div>{children}</div>}
      </div>
    </Tabs>
  );
}
