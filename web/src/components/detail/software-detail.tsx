import { figureSentence, formatCount, typedYearLabel } from '@sciai/core';
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
          'Software',
          typedYearLabel('software', software.first_release),
        ]}
        description={item.description || item.short_description}
        primaryAction={{ label: 'Visit Website', href: item.url ?? item.organization?.website }}
        shareUrl={shareUrl}
      />
      <DetailColumns
        main={
          <>
            <ListCard title="Key Features" items={item.key_features} />
            <ListCard title="Competitive Advantages" items={item.competitive_advantages} />
            <BadgeCard title="Tags" values={item.tags} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <AdoptionHealthCard slug={item.slug} kind="software" />
            <PapersToCiteCard papers={item.papers_to_cite} publications={item.publications} />
            <ToolFactsCard metadata={item.metadata} />
            <FactsCard
              title="Statistics"
              facts={[
                ['Views', formatCount(item.view_count)],
                ['Saves', formatCount(item.save_count)],
                // with its source and date, or not at all (docs/product.md#facts)
                ...(stars ? [['GitHub Stars', figureSentence('github_stars', stars)] as const] : []),
                ['Trending Score', item.trending_score.toFixed(1)],
              ]}
            />
            <FactsCard
              title="Details"
              facts={[
                ['Pricing', pricingLabel(software.pricing_model)],
                ['API Available', yesNo(software.api_available)],
                ['Organization Size', organizationSizeLabel(item.organization?.size)],
                // open source is derived from the licence, never typed (docs/product.md#facts)
                ...licenseFacts(software),
                ...(software.programming_languages.length
                  ? [['Languages', software.programming_languages.join(', ')] as const]
                  : []),
              ]}
            />
            <LinksCard
              title="Quick Links"
              links={[
                { label: 'Official Website', href: item.url ?? item.organization?.website },
                { label: 'GitHub Repository', href: software.github_url },
              ]}
            />
          </>
        }
      />
    </>
  );
}
