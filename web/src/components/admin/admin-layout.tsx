import type { ReactNode } from 'react';
import { Container, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../auth/use-auth.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { adminLinksFor } from './admin-links.ts';
import classes from './admin-layout.module.css';
import { t } from '../../i18n/index.ts';

interface AdminLayoutProps {
  /** The page's heading, also its tab title. */
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every admin page: the admin navigation beside (or, on phones, above) the page's content. */
export function AdminLayout({ title, description, actions, children }: AdminLayoutProps) {
  usePageTitle(title);
  const { isAdmin } = useAuth();
  const [pathname] = useLocation();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const links = adminLinksFor(isAdmin);

  const items = links.map((link) => {
    const active = link.href === '/admin' ? pathname === '/admin' : pathname.startsWith(link.href);
    return (
      <NavLink
        key={link.href}
        component={Link}
        href={link.href}
        label={t(link.label)}
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="light"
        style={
          phone
            ? { width: 'auto', whiteSpace: 'nowrap', borderRadius: 'var(--mantine-radius-md)' }
            : { borderRadius: 'var(--mantine-radius-md)' }
        }
      />
    );
  });

  return (
    <Container size="xl" py="xl">
      <div className={classes.layout}>
        <nav aria-label={t('Admin')} className={classes.nav}>
          {phone ? (
            <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
              <Group gap={4} wrap="nowrap">
                {items}
              </Group>
            </ScrollArea>
          ) : (
            <Stack gap={2}>{items}</Stack>
          )}
        </nav>
        <Stack gap="lg" component="section" aria-labelledby="admin-page-title">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div>
              <Title order={1} id="admin-page-title" fz={{ base: 24, sm: 30 }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" mt={4}>
                  {description}
                </Text>
              )}
            </div>
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
          {children}
        </Stack>
      </div>
    </Container>
  );
}
