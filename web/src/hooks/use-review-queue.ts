import useSWR from 'swr';
import { fetchReviewQueue, reviewQueueKey } from '../data/reviews.ts';

/** Reviews waiting for a first decision and reviews with open reports, for moderators. */
export function useReviewQueue() {
  return useSWR(reviewQueueKey, fetchReviewQueue);
}
