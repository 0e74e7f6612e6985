import { useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { Link } from 'wouter';
import { formatNumber, itemPath } from '@sciai/core';
import { fetchProfileReviews, profileReviewsKey } from '../../data/reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { t, Trans } from '../../i18n/index.ts';
import { pageControlLabel } from './page-control-label.ts';

/** A public profile's published reviews, newest first, each under the item it reviews. */
export function ProfileReviews({ handle, count }: { handle: string; count: number }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(profileReviewsKey(handle, page), () =>
    fetchProfileReviews(handle, page),
  );
  return (
    <Stack component="section" aria-labelledby="profile-reviews-title" gap="sm">
      <Title order={2} size="h3" id="profile-reviews-title">
        {t('Reviews ({count})', { count: formatNumber(count) })}
      </Title>
      {count === 0 && (
        <Text c="dimmed" size="sm">
          {t('No published reviews yet.')}
        </Text>
      )}
      {count > 0 && isLoading && (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label={t('Loading reviews')} />
        </Center>
      )}
      {error && !data && (
        <Alert color="red" variant="light" title={t('The reviews could not load')}>
          <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
            {t('Try again')}
          </Button>
        </Alert>
      )}
      {data?.reviews.map((review) => (
        <Stack key={review.id} gap={4}>
          <Text size="sm">
            <Trans
              id="Review of <0>{title}</0>"
              values={{ title: review.item.title }}
              components={{
                0: (
                  <Anchor
                    underline="always"
                    component={Link}
                    href={itemPath(review.item.content_type, review.item.slug)}
                  />
                ),
              }}
            />
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
          getControlProps={(control) => ({ 'aria-label': pageControlLabel(control) })}
        />
      )}
    </Stack>
  );
}
