import { Loader } from '@mantine/core';
import { formatCount, typedYearLabel } from '@sciai/core';
import { DatedFact } from './dated-fact.tsx';
import type { ItemDetail } from '../../data/item-details.ts';
import { BadgeCard, FactsCard, LinksCard, ListCard } from './detail-cards.tsx';
import { DetailHeader } from './detail-header.tsx';
import type { FollowTarget } from '../../data/follows.ts';
import { useFollow } from '../../hooks/use-follow.ts';
import { organizationSizeLabel, organizationTypeLabel } from './detail-labels.ts';
import { DetailColumns } from './detail-layout.tsx';
import { VerifiedBadge } from './verified-badge.tsx';
import { FdaDevicesCard } from './fda-devices-card.tsx';
import { SourcesCard } from './sources-card.tsx';
import { t } from '../../i18n/index.ts';

type CompanyItem = Extract<ItemDetail, { content_type: 'company' }>;

/**
 * What 'Follow Company' follows (docs/product.md#detail-company): the company's organization,
 * whose items and news then reach its followers, else the company's own page.
 */
export function companyFollowTarget(item: CompanyItem): FollowTarget {
  return item.organization
    ? { type: 'organization', target: item.organization.id }
    : { type: 'item', target: item.slug };
}

/**
 * The company page (docs/product.md#detail-company). Followers are the people following the
 * company; Technologies & Focus Areas are its industry focus and tags.
 */
export function CompanyDetail({ item, shareUrl }: { item: CompanyItem; shareUrl: string }) {
  const followTarget = companyFollowTarget(item);
  const { followers, error: followersError } = useFollow(followTarget);
  const company = item.company;
  const website = item.url ?? item.organization?.website;
  const type = organizationTypeLabel(item.organization?.type);
  const size = organizationSizeLabel(item.organization?.size);
  const founded = company.founded_year;
  const technologies = [...new Set([...company.industry_focus, ...item.tags])];
  return (
    <>
      <DetailHeader
        item={item}
        badges={item.verified && <VerifiedBadge />}
        byline={[type, size, typedYearLabel('company', founded)]}
        description={item.description || item.short_description}
        primaryAction={{ label: t('Visit Website'), href: website }}
        shareUrl={shareUrl}
        follow={{ target: followTarget, label: t('Follow Company') }}
      />
      <DetailColumns
        main={
          <>
            <ListCard
              title={t('Key Focus Areas')}
              items={item.key_features.length ? item.key_features : company.industry_focus}
            />
            <ListCard title={t('Competitive Advantages')} items={item.competitive_advantages} />
            <BadgeCard title={t('Technologies & Focus Areas')} values={technologies} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <FdaDevicesCard metadata={item.metadata} sources={item.sources} />
            <FactsCard
              title={t('Company Overview')}
              facts={[
                [t('Profile Views'), formatCount(item.view_count)],
                [
                  t('Followers'),
                  followers !== null ? (
                    formatCount(followers)
                  ) : followersError ? undefined : (
                    <Loader size="xs" role="status" aria-label={t('Loading followers')} />
                  ),
                ],
                [t('Type'), type],
                [t('Size'), size],
                [t('Founded'), founded ? String(founded) : undefined],
                // facts that change carry their date and source (docs/product.md#facts)
                ...(company.headquarters
                  ? [
                      [
                        t('Headquarters'),
                        <DatedFact
                          value={company.headquarters}
                          asOf={company.headquarters_as_of}
                          source={company.headquarters_source}
                        />,
                      ] as const,
                    ]
                  : []),
                // funding stage and size only with both (docs/product.md#facts)
                ...(company.employee_count && company.employee_count_as_of && company.employee_count_source
                  ? [
                      [
                        t('Employees'),
                        <DatedFact
                          value={company.employee_count}
                          asOf={company.employee_count_as_of}
                          source={company.employee_count_source}
                        />,
                      ] as const,
                    ]
                  : []),
                ...(company.funding_stage && company.funding_stage_as_of && company.funding_stage_source
                  ? [
                      [
                        t('Funding Stage'),
                        <DatedFact
                          value={company.funding_stage}
                          asOf={company.funding_stage_as_of}
                          source={company.funding_stage_source}
                        />,
                      ] as const,
                    ]
                  : []),
                ...(company.business_model ? [[t('Business Model'), company.business_model] as const] : []),
              ]}
            />
            <LinksCard
              title={t('Quick Actions')}
              // no 'View Team': there is no team page to link to, only the same homepage
              links={[{ label: t('Visit Website'), href: website }]}
            />
          </>
        }
      />
    </>
  );
}
