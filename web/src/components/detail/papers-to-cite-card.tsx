import { Anchor, List, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { itemPath, paperIdLabel, paperIdUrl } from '@sciai/core';
import type { ItemLink, PaperToCite } from '../../data/item-details.ts';
import { DetailCard, ExternalLink } from './detail-cards.tsx';
import { t, Trans } from '../../i18n/index.ts';

/**
 * The papers to cite for a tool or agent (docs/product.md#paper-to-cite): every paper its sources
 * name, as a link to the catalog's paper when there is one, else to the paper at doi.org or
 * arxiv.org, each with the source that names it; and any other paper a source links it to.
 * Nothing at all when no source names one.
 */
export function PapersToCiteCard({
  papers,
  publications,
}: {
  papers: readonly PaperToCite[] | undefined;
  publications: readonly ItemLink[] | undefined;
}) {
  const cited = papers ?? [];
  const linked = new Set(cited.flatMap((entry) => (entry.paper ? [entry.paper.slug] : [])));
  const others = (publications ?? []).filter((paper) => !linked.has(paper.slug));
  if (cited.length + others.length === 0) return null;
  return (
    <DetailCard title={t('Paper to cite')}>
      <List spacing="xs" size="sm">
        {cited.map((entry) => (
          <List.Item key={`${entry.scheme}:${entry.id}`}>
            {entry.paper ? (
              <CatalogPaper paper={entry.paper} />
            ) : (
              <ExternalLink href={paperIdUrl(entry.scheme, entry.id)}>
                {paperIdLabel(entry.scheme, entry.id)}
              </ExternalLink>
            )}
            <NamedBy sources={entry.sources} />
          </List.Item>
        ))}
        {others.map((paper) => (
          <List.Item key={paper.slug}>
            <CatalogPaper paper={paper} />
          </List.Item>
        ))}
      </List>
    </DetailCard>
  );
}

function CatalogPaper({ paper }: { paper: ItemLink }) {
  return (
    <>
      <Anchor component={Link} href={itemPath(paper.content_type, paper.slug)} size="sm">
        {paper.title}
      </Anchor>
      {paper.year !== null && ` (${paper.year})`}
    </>
  );
}

/** 'Named by bio.tools', the source linked to the item's record there. */
function NamedBy({ sources }: { sources: PaperToCite['sources'] }) {
  if (!sources.length) return null;
  return (
    <Text component="span" size="xs" c="dimmed" display="block">
      <Trans
        id="Named by <0/>"
        components={{
          0: (
            <>
              {sources.map((source, index) => (
                <span key={source.source}>
                  {index > 0 && ', '}
                  {source.record_url ? (
                    <Anchor
                      href={source.record_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      underline="always"
                    >
                      {source.name}
                      <VisuallyHidden> {t('(opens in a new tab)')}</VisuallyHidden>
                    </Anchor>
                  ) : (
                    source.name
                  )}
                </span>
              ))}
            </>
          ),
        }}
      />
    </Text>
  );
}
