import { useEffect } from 'react';
import { Anchor, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import { browseHref, fieldPageHead, fieldPath, formatCount } from '@sciai/core';
import { DomainIcon } from '../components/domains/domain-icon.tsx';
import { FollowButton } from '../components/follow/follow-button.tsx';
import { ItemSummaryGrid } from '../components/follow/item-summary-grid.tsx';
import { PageLoadState } from '../components/follow/page-load-state.tsx';
import { useFieldPage } from '../hooks/use-follow-pages.ts';
import { NotFoundPage } from './not-found-page.tsx';
import classes from '../components/detail/detail.module.css';
import { t, Trans } from '../i18n/index.ts';

/**
 * /field/:slug (docs/product.md#field-page): a scientific field, where it sits in the tree, its
 * followers and most trending items, and the way on to browse it.
 */
export function FieldPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data: field, error, isLoading, mutate } = useFieldPage(slug);
  const title = field ? fieldPageHead(field).title : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (field === null) return <NotFoundPage />;
  if (!field) return <PageLoadState loading={isLoading || !error} what="field" retry={() => void mutate()} />;

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          {field.parent && (
            <Text size="sm" c="dimmed">
              <Trans
                id="Part of <0>{field}</0>"
                values={{ field: field.parent.name }}
                components={{ 0: <Anchor component={Link} href={fieldPath(field.parent.slug)} /> }}
              />
            </Text>
          )}
          <Group gap="sm" wrap="nowrap" align="center">
            <DomainIcon name={field.icon} size={32} color={field.color} />
            <Title order={1}>{field.name}</Title>
          </Group>
          {field.description && (
            <Text maw={820} size="md">
              {field.description}
            </Text>
          )}
          <Text c="dimmed">
            {t('{count, plural, one {{formatted} item} other {{formatted} items}}', {
              count: field.item_count,
              formatted: formatCount(field.item_count),
            })}
          </Text>
          <Group gap="sm">
            <FollowButton target={{ type: 'field', target: field.slug }} name={field.name} />
            <Button
              component={Link}
              href={browseHref({ domain: field.slug })}
              variant="default"
              size="sm"
              rightSection={<IconArrowRight size={16} aria-hidden className={classes.directional} />}
            >
              {t('Browse {field}', { field: field.name })}
            </Button>
          </Group>
        </Stack>
        {field.subfields.length > 0 && (
          <Stack component="section" aria-labelledby="subfields" gap="sm">
            <Title order={2} size="h3" id="subfields">
              {t('Subfields')}
            </Title>
            <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {field.subfields.map((subfield) => (
                <li key={subfield.slug}>
                  <Badge
                    component={Link}
                    href={fieldPath(subfield.slug)}
                    variant="default"
                    size="lg"
                    tt="none"
                    fw={500}
                    style={{ cursor: 'pointer' }}
                  >
                    {subfield.name} ({formatCount(subfield.item_count)})
                  </Badge>
                </li>
              ))}
            </Group>
          </Stack>
        )}
        <ItemSummaryGrid
          id="field-items"
          title={t('Trending in this field')}
          items={field.items}
          empty={t('No published items in this field yet.')}
        />
      </Stack>
    </Container>
  );
}
