import { figureSentence, formatCount, formatNumber, typedYearLabel } from '@sciai/core';
import type { ItemDetail, SoftwareDetail as Software } from '../../data/item-details.ts';
import { AdoptionHealthCard } from './adoption-health-card.tsx';
import { PapersToCiteCard } from './papers-to-cite-card.tsx';
import { BadgeCard, FactsCard, LinksCard, ListCard } from './detail-cards.tsx';
import { DetailHeader, OrganizationByline } from './detail-header.tsx';
import { organizationSizeLabel, pricingLabel, yesNo } from './detail-labels.ts';
import { licenseFacts } from './license-facts.ts';
import { DetailColumns } from './detail-layout.tsx';
import { VerifiedBadge } from './verified-badge.tsx';
import { SourcesCard } from './sources-card.tsx';
import { ToolFactsCard } from './tool-facts-card.tsx';
import { t } from '../../i18n/index.ts';

type SoftwareItem = Extract<ItemDetail, { content_type: 'software' }>;

/** The tool page (docs/product.md#detail-tool). */
export function SoftwareDetail({ item, shareUrl }: { item: SoftwareItem; shareUrl: string }) {
  const software: Software = item.software;
  const stars = item.figures?.github_stars;
  return (
    <>
      <DetailHeader
        item={item}
        badges={item.verified && <VerifiedBadge />}
        byline={[
          item.organization ? <OrganizationByline item={item} /> : undefined,
          t('Software'),
          typedYearLabel('software', software.first_release),
        ]}
        description={item.description || item.short_description}
        primaryAction={{ label: t('Visit Website'), href: item.url ?? item.organization?.website }}
        shareUrl={shareUrl}
      />
      <DetailColumns
        main={
          <>
            <ListCard title={t('Key Features')} items={item.key_features} />
            <ListCard title={t('Competitive Advantages')} items={item.competitive_advantages} />
            <BadgeCard title={t('Tags')} values={item.tags} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <AdoptionHealthCard slug={item.slug} kind="software" />
            <PapersToCiteCard papers={item.papers_to_cite} publications={item.publications} />
            <ToolFactsCard metadata={item.metadata} />
            <FactsCard
              title={t('Statistics')}
              facts={[
                [t('Views'), formatCount(item.view_count)],
                [t('Saves'), formatCount(item.save_count)],
                // with its source and date, or not at all (docs/product.md#facts)
                ...(stars ? [[t('GitHub Stars'), figureSentence('github_stars', stars)] as const] : []),
                [
                  t('Trending Score'),
                  formatNumber(item.trending_score, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                ],
              ]}
            />
            <FactsCard
              title={t('Details')}
              facts={[
                [t('Pricing'), pricingLabel(software.pricing_model)],
                [t('API Available'), yesNo(software.api_available)],
                [t('Organization Size'), organizationSizeLabel(item.organization?.size)],
                // open source is derived from the licence, never typed (docs/product.md#facts)
                ...licenseFacts(software),
                ...(software.programming_languages.length
                  ? [[t('Languages'), software.programming_languages.join(', ')] as const]
                  : []),
              ]}
            />
            <LinksCard
              title={t('Quick Links')}
              links={[
                { label: t('Official Website'), href: item.url ?? item.organization?.website },
                { label: t('GitHub Repository'), href: software.github_url },
              ]}
            />
          </>
        }
      />
    </>
  );
}
