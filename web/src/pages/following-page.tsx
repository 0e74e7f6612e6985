import { Container, Stack, Text, Title } from '@mantine/core';
import { LoadState } from '../components/load-state.tsx';
import { FollowingEmptyState } from '../components/follow/following-empty-state.tsx';
import { FollowingList } from '../components/follow/following-list.tsx';
import { useMyFollows } from '../hooks/use-follow.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t } from '../i18n/index.ts';

/** docs/product.md#following-page: what the signed-in user follows, with what is new. */
export function FollowingPage() {
  usePageTitle(t('Following'));
  const { data, error, mutate } = useMyFollows();
  const refresh = () => void mutate();

  const body = (
    <LoadState data={data} error={error} what={t('what you follow')} retry={refresh}>
      {(follows) =>
        follows.length === 0 ? <FollowingEmptyState /> : <FollowingList entries={follows} refresh={refresh} />
      }
    </LoadState>
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('Following')}</Title>
          <Text c="dimmed">
            {t('The searches, fields, organizations, people and items you follow, and what is new in each.')}
          </Text>
        </div>
        {body}
      </Stack>
    </Container>
  );
}
