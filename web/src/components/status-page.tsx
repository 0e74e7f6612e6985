import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'wouter';

interface StatusPageProps {
  icon: ReactNode;
  code?: string;
  title: string;
  children: ReactNode;
  action: { href: string; label: string };
}

/** A centred message with one way out: the 404 and Access Denied pages. */
export function StatusPage({ icon, code, title, children, action }: StatusPageProps) {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        {code && (
          <Text fz={48} fw={800} lh={1} c="dimmed" aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {children}
        </Text>
        <Button component={Link} href={action.href} size="md" mt="sm">
          {action.label}
        </Button>
      </Stack>
    </Container>
  );
}
