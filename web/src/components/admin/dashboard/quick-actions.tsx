import { Button, Paper, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'wouter';
import { ADMIN_LINKS } from '../admin-links.ts';
import { t } from '../../../i18n/index.ts';

/** A button to every admin page but the dashboard itself. */
export function QuickActions() {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('Quick Actions')}
      </Title>
      {/* as many columns as labels fit, whatever the text size (WCAG 1.4.4) */}
      <SimpleGrid minColWidth="11rem" autoFlow="auto-fit" spacing="xs">
        {ADMIN_LINKS.filter((link) => link.href !== '/admin').map((link) => (
          <Button key={link.href} component={Link} href={link.href} variant="light" fullWidth>
            {t(link.label)}
          </Button>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
