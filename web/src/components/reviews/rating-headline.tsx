import { Group, Rating, Stack, Text } from '@mantine/core';
import { formatRating, type StoredItemRating } from '@sciai/core';

function reviewsCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
}

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
          <Text fw={600}>{formatRating(rating.verified_average ?? 0)} out of 5</Text>
          <Text c="dimmed" size="sm">
            from {reviewsCount(rating.verified_count)} by reviewers with a verified ORCID iD
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No reviews by reviewers with a verified ORCID iD yet.
        </Text>
      )}
      {others && (
        <Text size="sm" c="dimmed">
          {verified ? 'Also ' : ''}
          {reviewsCount(rating.other_count)} by reviewers without a verified ORCID iD:{' '}
          {formatRating(rating.other_average ?? 0)} out of 5
        </Text>
      )}
    </Stack>
  );
}
