import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { FollowingEmptyState } from '../components/follow/following-empty-state.tsx';
import { FollowingList } from '../components/follow/following-list.tsx';
import { useMyFollows } from '../hooks/use-follow.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';

/** docs/product.md#following-page: what the signed-in user follows, with what is new. */
export function FollowingPage() {
  usePageTitle('Following');
  const { data, error, isLoading, mutate } = useMyFollows();
  const refresh = () => void mutate();

  let body;
  if (error && !data) {
    body = (
      <Alert color="red" title="Could not load what you follow">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : 'Please try again.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={refresh}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (isLoading || !data) {
    body = (
      <Center mih={200}>
        <Loader role="status" aria-label="Loading what you follow" />
      </Center>
    );
  } else if (data.length === 0) {
    body = <FollowingEmptyState />;
  } else {
    body = <FollowingList entries={data} refresh={refresh} />;
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Following</Title>
          <Text c="dimmed">
            The searches, fields, organizations, people and items you follow, and what is new in each.
          </Text>
        </div>
        {body}
      </Stack>
    </Container>
  );
}
