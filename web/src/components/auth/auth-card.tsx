import type { ReactNode } from 'react';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** The provider's message or a client check, shown above the form (docs/product.md#sign-in). */
  error?: string | null;
  errorAction?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, description, error, errorAction, children, footer }: AuthCardProps) {
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Stack gap="xs" align="flex-start">
                <span>{error}</span>
                {errorAction}
              </Stack>
            </Alert>
          )}
          {children}
          {footer && (
            <Text size="sm" ta="center" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
