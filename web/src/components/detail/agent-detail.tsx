import { formatCount, typedYearLabel } from '@sciai/core';
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
          'AI Agent',
          typedYearLabel('agent', agent.first_release),
        ]}
        description={item.description || item.short_description}
        primaryAction={{ label: 'Visit Website', href: website }}
        shareUrl={shareUrl}
      />
      <DetailColumns
        main={
          <>
            <ListCard title="Capabilities" items={agent.capabilities} />
            <ListCard title="Key Features" items={item.key_features} />
            <ListCard title="Competitive Advantages" items={item.competitive_advantages} />
            <BadgeCard title="Integration Options" values={agent.integration_options} />
            <BadgeCard title="Tags" values={item.tags} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <AdoptionHealthCard slug={item.slug} kind="agent" />
            <PapersToCiteCard papers={item.papers_to_cite} publications={item.publications} />
            <ToolFactsCard metadata={item.metadata} />
            <FactsCard
              title="Agent Details"
              facts={[
                ['Model Type', agent.model_type ?? undefined],
                ['Specialization', agent.specialization ?? undefined],
                ['Interaction Mode', interactionModeLabel(agent.interaction_mode)],
                ['Pricing', pricingLabel(agent.pricing_model)],
                ...licenseFacts(agent),
              ]}
            />
            <FactsCard
              title="Statistics"
              facts={[
                ['Views', formatCount(item.view_count)],
                ['Saves', formatCount(item.save_count)],
                ['Trending Score', item.trending_score.toFixed(1)],
              ]}
            />
            <LinksCard title="Quick Links" links={[{ label: 'Official Website', href: website }]} />
          </>
        }
      />
    </>
  );
}
