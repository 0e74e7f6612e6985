import { Button, Paper, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'wouter';
import { ADMIN_LINKS } from '../admin-links.ts';

/** A button to every admin page but the dashboard itself. */
export function QuickActions() {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Quick Actions
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        {ADMIN_LINKS.filter((link) => link.href !== '/admin').map((link) => (
          <Button key={link.href} component={Link} href={link.href} variant="light" fullWidth>
            {link.label}
          </Button>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
