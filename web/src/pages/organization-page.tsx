import { useEffect } from 'react';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import { formatCount, itemPath, organizationPageHead } from '@sciai/core';
import { organizationSizeLabel, organizationTypeLabel } from '../components/detail/detail-labels.ts';
import { FollowButton } from '../components/follow/follow-button.tsx';
import { ItemSummaryGrid } from '../components/follow/item-summary-grid.tsx';
import { PageLoadState } from '../components/follow/page-load-state.tsx';
import { useOrganizationPage } from '../hooks/use-follow-pages.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { t, Trans } from '../i18n/index.ts';

/**
 * /org/:id (docs/product.md#organization-page): a company, lab or institute with its facts, its
 * followers, its company page when the catalog has one, and its items.
 */
export function OrganizationPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: organization, error, isLoading, mutate } = useOrganizationPage(id);
  const title = organization ? organizationPageHead(organization).title : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (organization === null) return <NotFoundPage />;
  if (!organization) {
    return <PageLoadState loading={isLoading || !error} what="organization" retry={() => void mutate()} />;
  }
  const facts = [organizationTypeLabel(organization.type), organizationSizeLabel(organization.size)].filter(Boolean);

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{organization.name}</Title>
          {facts.length > 0 && (
            <Text c="dimmed" size="lg">
              {facts.join(' · ')}
            </Text>
          )}
          {organization.description && (
            <Text maw={820} size="md">
              {organization.description}
            </Text>
          )}
          <Text c="dimmed">
            {t('{count, plural, one {{formatted} item in the catalog} other {{formatted} items in the catalog}}', {
              count: organization.item_count,
              formatted: formatCount(organization.item_count),
            })}
          </Text>
          <Group gap="sm">
            <FollowButton target={{ type: 'organization', target: organization.id }} name={organization.name} />
            {organization.website && (
              <Button
                component="a"
                href={organization.website}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="sm"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('Visit Website')}
              </Button>
            )}
          </Group>
          {organization.company && (
            <Text size="sm">
              <Trans
                id="Company page: <0>{company}</0>"
                values={{ company: organization.company.title }}
                components={{ 0: <Anchor component={Link} href={itemPath('company', organization.company.slug)} /> }}
              />
            </Text>
          )}
        </Stack>
        <ItemSummaryGrid
          id="organization-items"
          title={t('Items')}
          items={organization.items}
          empty={t('No published items from this organization yet.')}
        />
      </Stack>
    </Container>
  );
}
