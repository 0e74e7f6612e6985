import { useEffect } from 'react';
import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useSimilarItems } from '../../hooks/use-item-detail.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ItemSummaryCard } from './item-summary-card.tsx';
import classes from './detail.module.css';
import { t } from '../../i18n/index.ts';

/**
 * An unknown slug: the 404 page (the gateway sent HTTP 404 too) with a way back to browse and
 * up to three items whose name looks like what was asked for.
 */
export function ItemNotFound({ slug }: { slug: string }) {
  const [pathname] = useLocation();
  const { data: suggestions } = useSimilarItems(slug);
  usePageTitle(t('Page not found'));

  useEffect(() => {
    // A link that leads nowhere is worth a warning, not an error: nothing failed on this page.
    console.warn('404: no page at', pathname);
  }, [pathname]);

  return (
    <Container size="md" py={{ base: 48, sm: 80 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMapQuestion size={34} aria-hidden />
        </ThemeIcon>
        <Text fz={48} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('Oops! Page not found')}</Title>
        <Text c="dimmed" size="lg">
          {t('Nothing in the catalog has the address “{slug}”. It may have been renamed or removed.', { slug })}
        </Text>
        <Group gap="sm" justify="center" mt="sm">
          <Button component={Link} href="/" size="md">
            {t('Return to Home')}
          </Button>
          <Button
            component={Link}
            href="/browse"
            size="md"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden className={classes.directional} />}
          >
            {t('Back to Browse')}
          </Button>
        </Group>
      </Stack>
      {suggestions && suggestions.length > 0 && (
        <Stack component="section" aria-labelledby="similar-items" gap="sm" mt={48}>
          <Title order={2} size="h3" id="similar-items">
            {t('Were you looking for one of these?')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {suggestions.map((item) => (
              <ItemSummaryCard key={item.slug} item={item} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  );
}
