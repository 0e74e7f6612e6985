import { formatCount, formatNumber, typedYearLabel } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { BadgeCard, FactsCard, LinksCard, ListCard } from './detail-cards.tsx';
import { DetailHeader, OrganizationByline } from './detail-header.tsx';
import { interactionModeLabel, pricingLabel } from './detail-labels.ts';
import { licenseFacts } from './license-facts.ts';
import { DetailColumns } from './detail-layout.tsx';
import { VerifiedBadge } from './verified-badge.tsx';
import { AdoptionHealthCard } from './adoption-health-card.tsx';
import { PapersToCiteCard } from './papers-to-cite-card.tsx';
import { SourcesCard } from './sources-card.tsx';
import { ToolFactsCard } from './tool-facts-card.tsx';
import { t } from '../../i18n/index.ts';

type AgentItem = Extract<ItemDetail, { content_type: 'agent' }>;

/** The AI agent page (docs/product.md#detail-agent), so no content type dead-ends. */
export function AgentDetail({ item, shareUrl }: { item: AgentItem; shareUrl: string }) {
  const agent = item.agent;
  const website = item.url ?? item.organization?.website;
  return (
    <>
      <DetailHeader
        item={item}
        badges={item.verified && <VerifiedBadge />}
        byline={[
          item.organization ? <OrganizationByline item={item} /> : undefined,
          t('AI Agent'),
          typedYearLabel('agent', agent.first_release),
        ]}
        description={item.description || item.short_description}
        primaryAction={{ label: t('Visit Website'), href: website }}
        shareUrl={shareUrl}
      />
      <DetailColumns
        main={
          <>
            <ListCard title={t('Capabilities')} items={agent.capabilities} />
            <ListCard title={t('Key Features')} items={item.key_features} />
            <ListCard title={t('Competitive Advantages')} items={item.competitive_advantages} />
            <BadgeCard title={t('Integration Options')} values={agent.integration_options} />
            <BadgeCard title={t('Tags')} values={item.tags} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <AdoptionHealthCard slug={item.slug} kind="agent" />
            <PapersToCiteCard papers={item.papers_to_cite} publications={item.publications} />
            <ToolFactsCard metadata={item.metadata} />
            <FactsCard
              title={t('Agent Details')}
              facts={[
                [t('Model Type'), agent.model_type ?? undefined],
                [t('Specialization'), agent.specialization ?? undefined],
                [t('Interaction Mode'), interactionModeLabel(agent.interaction_mode)],
                [t('Pricing'), pricingLabel(agent.pricing_model)],
                ...licenseFacts(agent),
              ]}
            />
            <FactsCard
              title={t('Statistics')}
              facts={[
                [t('Views'), formatCount(item.view_count)],
                [t('Saves'), formatCount(item.save_count)],
                [
                  t('Trending Score'),
                  formatNumber(item.trending_score, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                ],
              ]}
            />
            <LinksCard title={t('Quick Links')} links={[{ label: t('Official Website'), href: website }]} />
          </>
        }
      />
    </>
  );
}
