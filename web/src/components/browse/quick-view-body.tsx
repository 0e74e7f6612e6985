import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconExternalLink, IconStar } from '@tabler/icons-react';
import { Link } from 'wouter';
import {
  figureSentence,
  figureSourceLine,
  formatCount,
  itemPath,
  organizationSizeFilterLabel,
  type ItemFigureKind,
} from '@sciai/core';
import type { SearchCard } from '../../data/search-items.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { SaveButton } from '../save/save-button.tsx';
import { DomainBadges, humanize, readableBadgeClass, TypeBadge, VerifiedBadge } from './item-facts.tsx';
import { RatingMetric } from './rating-fact.tsx';
import { ShareButton } from './share-button.tsx';
import { ShowMoreList } from './show-more-list.tsx';
import { wholeNumber } from './whole-number.ts';
import { t, contentLang } from '../../i18n/index.ts';
import classes from './quick-view.module.css';

/** docs/product.md#browse-quick-view: how much of each list a phone shows before 'Show N more'. */
const COMPACT_LIMITS = { features: 3, advantages: 2, tags: 6 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section}>
      <Title order={3} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * A shortened count over its label; a figure read from a source has the source and date under it.
 * `metric` names it for scripts in every language ('Views').
 */
function Metric({
  metric,
  label,
  value,
  title,
  source,
}: {
  metric: string;
  label: string;
  value: number;
  title?: string;
  source?: string;
}) {
  return (
    <Paper withBorder p="xs" radius="md" className={classes.metric} data-metric={metric}>
      <Text fw={700} size="lg" title={title ?? wholeNumber(value)}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {source && (
        <Text size="xs" c="dimmed" data-figure-source>
          {source}
        </Text>
      )}
    </Paper>
  );
}

function yesNo(value: boolean | null): string | undefined {
  return value === null ? undefined : value ? t('Yes') : t('No');
}

/** The quick view's content; `compact` is the phone layout. */
export function QuickViewBody({ item, compact }: { item: SearchCard; compact: boolean }) {
  const path = itemPath(item.content_type, item.slug);
  const organization = item.organization;
  // stars and citations only as read from their source, with it and the date (docs/product.md#facts)
  const figures = (['github_stars', 'citations'] as const).flatMap((kind: ItemFigureKind) => {
    const figure = item.figures?.[kind];
    return figure ? [{ kind, figure }] : [];
  });
  const details: Array<[string, string | undefined]> = [
    [t('Pricing model'), item.pricing_model ? humanize(item.pricing_model) : undefined],
    [t('API available'), yesNo(item.api_available)],
    // derived from the licence: 'No' only for a licence on the SPDX list that is not OSI-approved;
    // an unknown licence claims nothing (docs/product.md#facts)
    [
      t('Open source'),
      item.open_source ? t('Yes') : item.license_status === 'source_available' ? t('No, source available') : undefined,
    ],
    [t('Organization size'), organization?.size ? organizationSizeFilterLabel(organization.size) : undefined],
  ];
  const shownDetails = details.filter((entry): entry is [string, string] => entry[1] !== undefined);
  const limit = <K extends keyof typeof COMPACT_LIMITS>(key: K) => (compact ? COMPACT_LIMITS[key] : undefined);

  return (
    <Stack gap="lg">
      <Group gap={6}>
        <TypeBadge type={item.content_type} />
        {item.verified && <VerifiedBadge />}
        {item.featured && (
          <Badge
            variant="light"
            color="yellow"
            tt="none"
            leftSection={<IconStar size={14} aria-hidden />}
            classNames={{ root: readableBadgeClass }}
          >
            {t('Featured')}
          </Badge>
        )}
      </Group>
      <DomainBadges slugs={item.domains} />

      {(organization || item.year !== null) && (
        <dl className={classes.facts}>
          {organization && (
            <div>
              <dt>{t('Organization')}</dt>
              <dd>
                {organization.name}
                {organization.type && <Text span c="dimmed" size="sm">{` · ${humanize(organization.type)}`}</Text>}
                {organization.size && (
                  <Text span c="dimmed" size="sm">{` · ${organizationSizeFilterLabel(organization.size)}`}</Text>
                )}
              </dd>
            </div>
          )}
          {item.year !== null && (
            <div>
              <dt>{t('Year')}</dt>
              <dd>{item.year}</dd>
            </div>
          )}
        </dl>
      )}

      {item.short_description && (
        <Section title={t('Overview')}>
          <Text size="sm" lang={contentLang}>
            {item.short_description}
          </Text>
        </Section>
      )}

      {item.key_features.length > 0 && (
        <Section title={t('Key Features')}>
          <ShowMoreList items={item.key_features} limit={limit('features')} />
        </Section>
      )}

      <Section title={t('Metrics')}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <RatingMetric rating={item.rating} className={classes.metric} />
          <Metric metric="Views" label={t('Views')} value={item.view_count} />
          <Metric metric="Saves" label={t('Saves')} value={item.save_count} />
          {figures.map(({ kind, figure }) => (
            <Metric
              key={kind}
              metric={kind === 'github_stars' ? 'GitHub stars' : 'Citations'}
              label={kind === 'github_stars' ? t('GitHub stars') : t('Citations')}
              value={Math.round(figure.value)}
              title={figureSentence(kind, figure)}
              source={figureSourceLine(figure)}
            />
          ))}
        </SimpleGrid>
      </Section>

      {item.competitive_advantages.length > 0 && (
        <Section title={t('Competitive Advantages')}>
          <ShowMoreList items={item.competitive_advantages} limit={limit('advantages')} />
        </Section>
      )}

      {shownDetails.length > 0 && (
        <Section title={t('Details')}>
          <dl className={classes.details}>
            {shownDetails.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      {item.tags.length > 0 && (
        <Section title={t('Tags')}>
          <ShowMoreList
            as="badges"
            items={item.tags}
            limit={limit('tags')}
            renderBadge={(tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none" fw={500}>
                {tag}
              </Badge>
            )}
          />
        </Section>
      )}

      <Group gap="sm" className={classes.actions}>
        {item.url && (
          <Button
            component="a"
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('Visit Website')}
          </Button>
        )}
        <Button
          component={Link}
          href={path}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden className={classes.forward} />}
        >
          {t('View details')}
        </Button>
        <ShareButton title={item.title} path={path} />
        <CompareToggle slug={item.slug} title={item.title} size="sm" />
        <SaveButton itemId={item.id} contentType={item.content_type} title={item.title} size="sm" />
      </Group>
    </Stack>
  );
}
