import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../i18n/index.ts';

interface LoadStateProps<T> {
  data: T | undefined;
  error: unknown;
  /** Names what is loading, translated (`t('the dashboard')`), for the spinner's label and the error's title. */
  what: string;
  retry: () => void;
  children: (data: T) => ReactNode;
}

/** Loading, error (with Try again) or the content: the same three states on every page that reads its data. */
export function LoadState<T>({ data, error, what, retry, children }: LoadStateProps<T>) {
  if (error && data === undefined) {
    return (
      <Alert color="red" title={t('Could not load {what}', { what })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={retry}>
            {t('Try again')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (data === undefined) {
    return (
      <Center mih={160}>
        <Loader role="status" aria-label={t('Loading {what}', { what })} />
      </Center>
    );
  }
  return <>{children(data)}</>;
}

/** The database's message (a PostgREST error is a plain object with `message`), else a generic one. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return t('Please try again.');
}
