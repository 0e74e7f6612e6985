import { useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { Link } from 'wouter';
import { itemPath } from '@sciai/core';
import { fetchProfileReviews, profileReviewsKey } from '../../data/reviews.ts';
import { ReviewCard } from './review-card.tsx';

/** A public profile's published reviews, newest first, each under the item it reviews. */
export function ProfileReviews({ handle, count }: { handle: string; count: number }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(profileReviewsKey(handle, page), () =>
    fetchProfileReviews(handle, page),
  );
  return (
    <Stack component="section" aria-labelledby="profile-reviews-title" gap="sm">
      <Title order={2} size="h3" id="profile-reviews-title">
        Reviews ({count.toLocaleString('en-US')})
      </Title>
      {count === 0 && (
        <Text c="dimmed" size="sm">
          No published reviews yet.
        </Text>
      )}
      {count > 0 && isLoading && (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Loading reviews" />
        </Center>
      )}
      {error && !data && (
        <Alert color="red" variant="light" title="The reviews could not load">
          <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
            Try again
          </Button>
        </Alert>
      )}
      {data?.reviews.map((review) => (
        <Stack key={review.id} gap={4}>
          <Text size="sm">
            Review of{' '}
            <Anchor underline="always" component={Link} href={itemPath(review.item.content_type, review.item.slug)}>
              {review.item.title}
            </Anchor>
          </Text>
          <ReviewCard review={review} />
        </Stack>
      ))}
      {data && data.total > data.page_size && (
        <Pagination
          total={Math.ceil(data.total / data.page_size)}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
