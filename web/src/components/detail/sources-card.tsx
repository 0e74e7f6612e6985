import { List, Stack, Text } from '@mantine/core';
import { descriptionOriginOf, sourceLicenseLabel, sourceRecordDate } from '@sciai/core';
import type { ItemSource } from '../../data/item-details.ts';
import { DetailCard, ExternalLink } from './detail-cards.tsx';
import { t } from '../../i18n/index.ts';

/**
 * Where an item comes from (docs/product.md#sources): each source record behind it, linked, with
 * the source's licence and the date of the snapshot it was read from, or, for a record a harvest
 * read from the source's API, the day it was last fetched; where the description came
 * from; and, for a share-alike source, that reuse keeps its licence. Nothing at all for an item no
 * source lists (a hand-written one).
 */
export function SourcesCard({
  sources,
  metadata,
}: {
  sources: readonly ItemSource[] | undefined;
  metadata: Record<string, unknown>;
}) {
  if (!sources?.length) return null;
  const origin = descriptionOriginOf(metadata);
  const copiedFrom = origin?.kind === 'source' ? sources.find((entry) => entry.source === origin.source) : undefined;
  const shareAlike = [...new Map(sources.filter((entry) => entry.share_alike).map((s) => [s.source, s])).values()];
  return (
    <DetailCard title={t('Sources')}>
      <Stack gap="sm">
        <List spacing="xs" size="sm" aria-label={t('Source records')}>
          {sources.map((entry) => (
            <List.Item key={`${entry.source} ${entry.record_id}`}>
              <ExternalLink href={entry.record_url}>{entry.name}</ExternalLink>
              <Text component="span" size="sm" c="dimmed" display="block">
                {[licenseOf(entry, entry.share_alike), sourceRecordDate(entry)].filter(Boolean).join(' · ')}
              </Text>
            </List.Item>
          ))}
        </List>
        {copiedFrom && (
          <Text size="sm" data-testid="description-origin">
            {t('Description from {source} ({license}).', {
              source: copiedFrom.name,
              license: licenseOf(copiedFrom, false),
            })}
          </Text>
        )}
        {origin?.kind === 'composed from facts' && (
          <Text size="sm" data-testid="description-origin">
            {t('Summary composed by SciAI from the facts these sources state; no source’s own words are copied.')}
          </Text>
        )}
        {shareAlike.map((entry) => (
          <Text key={entry.source} size="sm" c="dimmed">
            {t('{source} is shared alike: text reused from it must keep {license}.', {
              source: entry.name,
              license: sourceLicenseLabel(entry.license),
            })}
          </Text>
        ))}
      </Stack>
    </DetailCard>
  );
}

/** The record's licence as the card names it, share-alike marked where asked. */
function licenseOf(entry: ItemSource, shareAlike: boolean): string {
  return sourceLicenseLabel(entry.license, shareAlike);
}
