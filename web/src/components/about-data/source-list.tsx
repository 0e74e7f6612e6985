import { Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { sourceLicenseLabel } from '@sciai/core';
import type { CatalogSource } from '../../data/catalog-data-summary.ts';
import { t, Trans } from '../../i18n/index.ts';

/**
 * Each source of the catalog (docs/product.md#sources): its name linked to the repository at the
 * commit that was read (a live source: to its home page), how many published items it lists, its
 * licence and the basis for it, the credit it asks for, the snapshot's date (a live source: that
 * each record is dated by its last fetch), and whether its text is shared alike or only its facts
 * are used. One card per source, so a phone reads it without a wide table.
 */
export function SourceList({ sources }: { sources: readonly CatalogSource[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label={t('Sources')} p={0} m={0} style={{ listStyle: 'none' }}>
      {sources.map((source) => (
        <Card component="li" key={source.id} withBorder radius="md" padding="md">
          <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              <Anchor
                href={source.commit ? `${source.repository}/tree/${source.commit}` : source.repository}
                target="_blank"
                rel="noopener noreferrer"
              >
                {source.name}
                <VisuallyHidden>
                  {source.commit
                    ? ` ${t('(repository at the commit read, opens in a new tab)')}`
                    : ` ${t('(opens in a new tab)')}`}
                </VisuallyHidden>
              </Anchor>
            </Title>
            <Text size="sm" fw={600}>
              {t('{count, plural, one {# item} other {# items}}', { count: source.items })}
            </Text>
          </Group>
          <Text size="sm" mt={4}>
            {sourceLicenseLabel(source.license, source.share_alike)} ·{' '}
            {source.commit && source.snapshot_date ? (
              <Trans
                id="snapshot of {date} · commit <0>{commit}</0>"
                values={{ date: source.snapshot_date, commit: source.commit.slice(0, 7) }}
                components={{ 0: <code /> }}
              />
            ) : (
              t('read live by harvest; each record is dated by its last fetch')
            )}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {usageOf(source)} {t('Licence basis: {basis}.', { basis: source.license_basis })}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('Credit: {credit}', { credit: source.credit })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** What SciAI takes from a source, by its licence. */
function usageOf(source: CatalogSource): string {
  if (source.share_alike) {
    return t('Share-alike: its descriptions are copied, and reusing them keeps the same licence.');
  }
  if (source.copies_descriptions) return t('Its descriptions are copied word for word, with credit.');
  return t('Facts only: names, links, dates and identifiers are used; its prose is never copied.');
}
