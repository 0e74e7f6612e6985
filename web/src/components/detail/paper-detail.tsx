import { Text } from '@mantine/core';
import { authorsLine, doiUrl, figureSentence, formatCount, typedYearLabel } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { BadgeCard, DetailCard, ExternalLink, FactsCard, ListCard } from './detail-cards.tsx';
import { DetailHeader, OrganizationByline } from './detail-header.tsx';
import { DetailColumns } from './detail-layout.tsx';
import { PeerReviewedBadge } from './verified-badge.tsx';
import classes from './detail.module.css';
import { AdoptionHealthCard } from './adoption-health-card.tsx';
import { LinkedItemsCard } from './linked-items-card.tsx';
import { SourcesCard } from './sources-card.tsx';
import { t, contentLang } from '../../i18n/index.ts';

type PaperItem = Extract<ItemDetail, { content_type: 'paper' }>;

/** The paper page, with the authors and the DOI (docs/product.md#detail-paper). */
export function PaperDetail({ item, shareUrl }: { item: PaperItem; shareUrl: string }) {
  const paper = item.paper;
  // with the index that counted them and when, or not at all (docs/product.md#facts)
  const citations = item.figures?.citations && figureSentence('citations', item.figures.citations);
  const year = paper.publication_date?.slice(0, 4);
  const readHref = item.url ?? (paper.doi ? doiUrl(paper.doi) : undefined);
  return (
    <>
      <DetailHeader
        item={item}
        badges={paper.peer_reviewed && <PeerReviewedBadge />}
        byline={[
          item.organization ? <OrganizationByline item={item} /> : undefined,
          typedYearLabel('paper', paper.publication_date),
          citations,
        ]}
        extra={
          paper.authors.length > 0 && (
            <Text size="sm" aria-label={t('Authors')}>
              {authorsLine(paper.authors, paper.authors_complete ?? true)}
            </Text>
          )
        }
        description={item.short_description}
        primaryAction={{ label: t('Read Paper'), href: readHref }}
        shareUrl={shareUrl}
      />
      <DetailColumns
        main={
          <>
            <DetailCard title={t('Abstract')}>
              <Text
                size="sm"
                className={classes.description}
                lang={paper.abstract || item.description ? contentLang : undefined}
              >
                {paper.abstract || item.description || t('No abstract listed yet.')}
              </Text>
            </DetailCard>
            <ListCard title={t('Key Findings')} items={paper.key_findings} />
            <ListCard title={t('Research Goals')} items={paper.research_goals} />
            <BadgeCard title={t('Keywords')} values={paper.keywords.length ? paper.keywords : item.tags} />
            <SourcesCard sources={item.sources} metadata={item.metadata} />
          </>
        }
        side={
          <>
            <AdoptionHealthCard slug={item.slug} kind="paper" />
            <LinkedItemsCard title={t('Describes')} items={item.describes} />
            <FactsCard
              title={t('Publication Details')}
              facts={[
                [t('Organization'), item.organization?.name],
                [t('Publication Year'), year],
                ...(citations ? [[t('Citations'), citations] as const] : []),
                [t('Views'), formatCount(item.view_count)],
                ...(paper.journal_name ? [[t('Journal'), paper.journal_name] as const] : []),
                ...(paper.doi
                  ? [['DOI', <ExternalLink href={doiUrl(paper.doi)}>{paper.doi}</ExternalLink>] as const]
                  : []),
                ...(paper.arxiv_id
                  ? [
                      [
                        'arXiv',
                        <ExternalLink href={`https://arxiv.org/abs/${paper.arxiv_id}`}>{paper.arxiv_id}</ExternalLink>,
                      ] as const,
                    ]
                  : []),
                [t('Open Access'), paper.open_access ? t('Yes') : t('No')],
              ]}
            />
          </>
        }
      />
    </>
  );
}
