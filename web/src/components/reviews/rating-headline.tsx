import { Group, Rating, Stack, Text } from '@mantine/core';
import { formatRating, type StoredItemRating } from '@sciai/core';
import { t } from '../../i18n/index.ts';

/**
 * The item's rating: the average of reviewers with a verified ORCID iD first, with its stars and
 * count; the other reviews are counted and averaged apart, and say so.
 */
export function RatingHeadline({ rating }: { rating: StoredItemRating }) {
  const verified = rating.verified_count > 0 && rating.verified_average !== null;
  const others = rating.other_count > 0 && rating.other_average !== null;
  return (
    <Stack gap={4}>
      {verified ? (
        <Group gap="xs" wrap="wrap">
          <Rating value={rating.verified_average ?? 0} fractions={10} readOnly aria-hidden />
          <Text fw={600}>{t('{rating} out of 5', { rating: formatRating(rating.verified_average ?? 0) })}</Text>
          <Text c="dimmed" size="sm">
            {t('from {count, plural, one {# review} other {# reviews}} by reviewers with a verified ORCID iD', {
              count: rating.verified_count,
            })}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('No reviews by reviewers with a verified ORCID iD yet.')}
        </Text>
      )}
      {others && (
        <Text size="sm" c="dimmed">
          {verified
            ? t(
                'Also {count, plural, one {# review} other {# reviews}} by reviewers without a verified ORCID iD: {rating} out of 5',
                { count: rating.other_count, rating: formatRating(rating.other_average ?? 0) },
              )
            : t(
                '{count, plural, one {# review} other {# reviews}} by reviewers without a verified ORCID iD: {rating} out of 5',
                { count: rating.other_count, rating: formatRating(rating.other_average ?? 0) },
              )}
        </Text>
      )}
    </Stack>
  );
}
