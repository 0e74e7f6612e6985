import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { t } from '../../i18n/index.ts';

/** The loading and failure states of a page that reads one thing: a spinner, else a retry. */
export function PageLoadState({
  loading,
  what,
  retry,
}: {
  loading: boolean;
  /** what the page reads */
  what: 'field' | 'organization';
  retry: () => void;
}) {
  if (loading) {
    return (
      <Center mih="50vh">
        <Loader
          role="status"
          aria-label={what === 'field' ? t('Loading this field') : t('Loading this organization')}
        />
      </Center>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        title={what === 'field' ? t('Could not load this field') : t('Could not load this organization')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('Please check your connection and try again.')}</Text>
          <Button size="xs" variant="light" onClick={retry}>
            {t('Try again')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
