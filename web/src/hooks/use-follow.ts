import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useAuth } from '../auth/use-auth.ts';
import {
  fetchFollowState,
  fetchMyFollows,
  followStateKey,
  followTarget,
  myFollowsKey,
  unfollow,
  type FollowState,
  type FollowTarget,
} from '../data/follows.ts';
import { useFollowingUserId } from './use-following-user.ts';

/**
 * A thing's follower count and the signed-in user's follow of it, with follow and unfollow. The
 * state is read again for the user once the session is known (loading: not yet).
 */
export function useFollow(target: FollowTarget | null) {
  const { loading: sessionLoading } = useAuth();
  const userId = useFollowingUserId();
  const { mutate } = useSWRConfig();
  const key = target && !sessionLoading ? followStateKey(target, userId) : null;
  const { data, error, isLoading } = useSWR(key, () => fetchFollowState(target!));
  const [pending, setPending] = useState(false);

  const setFollowing = useCallback(
    async (follow: boolean, label?: string): Promise<FollowState | undefined> => {
      if (!target || !key) return undefined;
      setPending(true);
      try {
        let next: FollowState;
        if (follow) {
          next = await followTarget(target, label);
        } else {
          if (data?.follow_id) await unfollow(data.follow_id);
          next = { follow_id: null, followers: data?.followers == null ? null : Math.max(0, data.followers - 1) };
        }
        await mutate(key, next, { revalidate: false });
        if (userId) void mutate(myFollowsKey(userId));
        return next;
      } finally {
        setPending(false);
      }
    },
    [target, key, data, mutate, userId],
  );

  return {
    signedIn: userId !== null,
    sessionLoading,
    followers: data?.followers ?? null,
    following: Boolean(data?.follow_id),
    loaded: data !== undefined,
    error,
    isLoading,
    pending,
    setFollowing,
  };
}

/** Everything the signed-in user follows (the Following page). */
export function useMyFollows() {
  const userId = useFollowingUserId();
  return useSWR(userId === null ? null : myFollowsKey(userId), () => fetchMyFollows());
}
