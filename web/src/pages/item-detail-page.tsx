import { memo, useDeferredValue, useMemo } from 'react';
import { Alert, Button, Container, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { itemJsonLd, itemMetaDescription, itemPageTitle, itemPath, type ContentType } from '@sciai/core';
import type { ItemDetail } from '../data/item-details.ts';
import { AgentDetail } from '../components/detail/agent-detail.tsx';
import { CompanyDetail } from '../components/detail/company-detail.tsx';
import { DetailSkeleton } from '../components/detail/detail-skeleton.tsx';
import { ItemClaimCard } from '../components/claims/item-claim-card.tsx';
import { ItemNotFound } from '../components/detail/item-not-found.tsx';
import { ItemHistoryTab } from '../components/history/item-history-tab.tsx';
import { PaperDetail } from '../components/detail/paper-detail.tsx';
import { RelatedItems } from '../components/detail/related-items.tsx';
import { ReadmeBadge } from '../components/detail/readme-badge.tsx';
import { SoftwareDetail } from '../components/detail/software-detail.tsx';
import { ReviewsSection } from '../components/reviews/reviews-section.tsx';
import { useItemDetail, useRecordItemView } from '../hooks/use-item-detail.ts';
import { useItemDetailHead, type ItemHead } from '../hooks/use-item-detail-head.ts';
import { useItemReviews } from '../hooks/use-item-reviews.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { localeBase, t } from '../i18n/index.ts';

/** The detail page of one content type: /tool, /paper, /company or /agent followed by a slug. */
function ItemDetailPage({ contentType }: { contentType: ContentType }) {
  const params = useParams<{ slug: string }>();
  const slug = safeDecode(params.slug ?? '');
  const search = useSearch();
  const { data, error, mutate } = useItemDetail(slug);
  // A refreshed copy of the item on screen (fresh counters) renders in the background, a
  // transition in short slices, instead of re-rendering the whole page in one long task when it
  // arrives. Another slug's data shows at once: the previous item never stands in for it.
  const shown = useDeferredValue(useMemo(() => ({ slug, data }), [slug, data]));
  const item = shown.slug === slug ? shown.data : data;

  // With the gateway's embedded copy the item is there before the first fetch (which then only
  // refreshes it): a failed refresh keeps the page, and only a page without data shows a skeleton.
  if (error && item === undefined) return <LoadError retry={() => void mutate()} />;
  if (item === undefined) {
    return (
      <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
        <DetailSkeleton />
      </Container>
    );
  }
  if (item === null) return <ItemNotFound slug={slug} />;
  if (item.content_type !== contentType) {
    // The same item under another type's path (the gateway answers 301 for a full load).
    return <Redirect to={`${itemPath(item.content_type, item.slug)}${search ? `?${search}` : ''}`} replace />;
  }
  // SWR's mutate keeps its identity, so the memoized view is not rendered again for it
  return <ItemDetailView item={item} onItemChanged={mutate} />;
}

/** Memoized: the render with the previous copy, which comes first, skips the page. */
const ItemDetailView = memo(function ItemDetailView({
  item,
  onItemChanged,
}: {
  item: ItemDetail;
  /** Reads the item again after its maintainer changed it. */
  onItemChanged(): unknown;
}) {
  // in the page's language, as the gateway names it (docs/product.md#languages)
  const canonical = `${window.location.origin}${localeBase}${itemPath(item.content_type, item.slug)}`;
  // The first page of reviews by helpfulness, which the Reviews section shows first: its rating and
  // top reviews join the structured data as the server's page carries them.
  const reviews = useItemReviews(item.id).data;
  const head = useMemo<ItemHead>(
    () => ({
      title: itemPageTitle(item),
      description: itemMetaDescription(item),
      canonical,
      ogType: item.content_type === 'paper' ? 'article' : 'website',
      jsonLd: itemJsonLd(reviews ? { ...item, reviews } : item, window.location.origin),
    }),
    [item, canonical, reviews],
  );
  useItemDetailHead(head);
  useRecordItemView(item.slug);
  // The tab is in the address (?tab=history), so a version can be linked to (docs/product.md#item-history).
  const tab = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'details';
  const [, navigate] = useLocation();
  const path = itemPath(item.content_type, item.slug);

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Tabs
        value={tab}
        onChange={(next) => navigate(next === 'history' ? `${path}?tab=history` : path)}
        keepMounted={false}
      >
        <Tabs.List mb="lg" aria-label={t('Item pages')}>
          <Tabs.Tab value="details">{t('Details')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('History')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <Stack gap="xl">
            {item.content_type === 'software' && <SoftwareDetail item={item} shareUrl={canonical} />}
            {item.content_type === 'paper' && <PaperDetail item={item} shareUrl={canonical} />}
            {item.content_type === 'company' && <CompanyDetail item={item} shareUrl={canonical} />}
            {item.content_type === 'agent' && <AgentDetail item={item} shareUrl={canonical} />}
            <ItemClaimCard key={`claim-${item.id}`} item={item} onItemChanged={onItemChanged} />
            {/* keyed: another item's list never stands in while this one's renders */}
            <ReviewsSection key={`reviews-${item.id}`} contentId={item.id} contentType={item.content_type} />
            <RelatedItems key={item.slug} slug={item.slug} />
            <ReadmeBadge contentType={item.content_type} slug={item.slug} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <ItemHistoryTab key={`history-${item.id}`} item={item} onItemChanged={onItemChanged} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
});

function LoadError({ retry }: { retry: () => void }) {
  usePageTitle(t('Could not load'));
  return (
    <Container size="sm" py="xl">
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('This page could not load')}>
        <Stack gap="sm" align="flex-start">
          {t('The catalog did not answer. Check your connection and try again.')}
          <Button variant="light" color="red" onClick={retry}>
            {t('Try again')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const ToolDetailPage = () => <ItemDetailPage contentType="software" />;
export const PaperDetailPage = () => <ItemDetailPage contentType="paper" />;
export const CompanyDetailPage = () => <ItemDetailPage contentType="company" />;
export const AgentDetailPage = () => <ItemDetailPage contentType="agent" />;
