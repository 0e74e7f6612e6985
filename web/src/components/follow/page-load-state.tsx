import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';

/** The loading and failure states of a page that reads one thing: a spinner, else a retry. */
export function PageLoadState({
  loading,
  what,
  retry,
}: {
  loading: boolean;
  /** 'this field', 'this organization' */
  what: string;
  retry: () => void;
}) {
  if (loading) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={`Could not load ${what}`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Please check your connection and try again.</Text>
          <Button size="xs" variant="light" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
