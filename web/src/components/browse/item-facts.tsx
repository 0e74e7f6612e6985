import type { ReactNode } from 'react';
import { Badge, List, Text } from '@mantine/core';
import {
  IconArchive,
  IconBook,
  IconBookmark,
  IconBrandGithub,
  IconCash,
  IconCheck,
  IconCircleCheck,
  IconCpu,
  IconEye,
  IconLicense,
  IconLinkOff,
  IconMessages,
  IconQuote,
  IconTag,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import {
  asOfLabel,
  CONTENT_TYPE_LABELS,
  figureLabel,
  figureSentence,
  formatCount,
  type ContentType,
  type ItemFigure,
  type ItemFigureKind,
} from '@sciai/core';
import type { SearchCard } from '../../data/search-items.ts';
import { useBrowseDomains } from '../../hooks/use-browse-domains.ts';
import { DomainIcon } from '../domains/domain-icon.tsx';
import { TYPE_COLORS } from '../type-colors.ts';
import { wholeNumber } from './whole-number.ts';
import { listNames } from './list-names.ts';
import { t } from '../../i18n/index.ts';
import { licenseClaim } from './license-claim.ts';
import { pricingLabel } from '../pricing-label.ts';
import { RatingFact } from './rating-fact.tsx';
import classes from './item-facts.module.css';

/**
 * The organization's name for a card's byline, or nothing when it only repeats the title (a
 * company is usually its own organization: 'Periodic Labs / Periodic Labs').
 */
export function organizationByline(title: string, organization: string | null | undefined): string | undefined {
  if (!organization) return undefined;
  return organization.trim().toLowerCase() === title.trim().toLowerCase() ? undefined : organization;
}

/** For badges of other components here: see .readableLabel. */
export const readableBadgeClass = classes.readableLabel;

/** 'open_source' reads 'Open source' (underscores become spaces, docs/product.md#pricing-models). */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ').trim();
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

export function TypeBadge({ type }: { type: ContentType }) {
  return (
    <Badge variant="light" color={TYPE_COLORS[type]} tt="none" classNames={{ root: classes.readableLabel }}>
      {t(CONTENT_TYPE_LABELS[type])}
    </Badge>
  );
}

export function VerifiedBadge() {
  return (
    <Badge
      variant="light"
      color="green"
      tt="none"
      leftSection={<IconCircleCheck size={14} aria-hidden />}
      classNames={{ root: classes.readableLabel }}
    >
      {t('Verified')}
    </Badge>
  );
}

/**
 * docs/product.md#browse-health: a dead homepage or repository link, or an archived repository,
 * marked on the card in words (with a tooltip saying why), never by colour alone.
 */
export function HealthMarks({ item }: { item: Pick<SearchCard, 'archived' | 'link_health'> }) {
  return (
    <>
      {item.archived && (
        <Badge
          variant="outline"
          color="gray"
          tt="none"
          leftSection={<IconArchive size={14} aria-hidden />}
          classNames={{ root: classes.readableLabel }}
          title={t('The repository is archived: no longer maintained')}
          data-health-mark="archived"
        >
          {t('Archived')}
        </Badge>
      )}
      {item.link_health === 'dead' && (
        <Badge
          variant="outline"
          color="red"
          tt="none"
          leftSection={<IconLinkOff size={14} aria-hidden />}
          classNames={{ root: classes.readableLabel }}
          title={t('The homepage or repository link has failed its checks for weeks')}
          data-health-mark="dead-link"
        >
          {t('Dead link')}
        </Badge>
      )}
    </>
  );
}

/** A domain badge per slug, up to `limit`, then '+N' for the rest. */
export function DomainBadges({ slugs, limit }: { slugs: string[]; limit?: number }) {
  const domains = useBrowseDomains();
  if (slugs.length === 0) return null;
  const shown = limit === undefined ? slugs : slugs.slice(0, limit);
  const rest = slugs.slice(shown.length);
  const restNames = listNames(rest.map(domains.name));
  return (
    <div className={classes.badges}>
      <span className="visually-hidden">{t('Domains:')}</span>
      {shown.map((slug) => (
        <Badge
          key={slug}
          variant="default"
          tt="none"
          fw={500}
          leftSection={<DomainIcon name={domains.get(slug)?.icon} size={12} color={domains.get(slug)?.color} />}
          className={classes.badge}
        >
          {domains.name(slug)}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Badge variant="default" tt="none" fw={500} title={restNames}>
          +{rest.length}
          <span className="visually-hidden"> {t('more: {names}', { names: restNames })}</span>
        </Badge>
      )}
    </div>
  );
}

/** The first `limit` key features, then '+N more'. */
export function KeyFeatureList({ features, limit }: { features: string[]; limit: number }) {
  if (features.length === 0) return null;
  const rest = features.length - limit;
  return (
    <div>
      <span className="visually-hidden">{t('Key features:')}</span>
      <List
        size="sm"
        spacing={2}
        icon={<IconCheck size={14} aria-hidden className={classes.check} />}
        classNames={{ itemWrapper: classes.featureItem }}
      >
        {features.slice(0, limit).map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      {rest > 0 && (
        <Text size="xs" c="dimmed" mt={2}>
          {t('+{count} more', { count: rest })}
        </Text>
      )}
    </div>
  );
}

/**
 * An icon, a short value and, for screen readers, what the value is. Plain elements styled as
 * Mantine's Group and dimmed Text (item-facts.module.css): a browse page shows eighty of them,
 * and each Mantine component costs render time and an inline style to compute.
 */
export function Fact({
  icon: FactIcon,
  label,
  children,
  title,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
  title?: string;
}) {
  return (
    <div className={classes.fact} title={title ?? (typeof children === 'string' ? children : undefined)}>
      <FactIcon size={16} aria-hidden className={classes.factIcon} />
      <span className={classes.factText}>
        <span className="visually-hidden">{t('{label}: ', { label })}</span>
        {children}
      </span>
    </div>
  );
}

/** The verified reviewers' rating (when there is one), then view and save counts, shortened (docs/product.md#count-format: K from 1,000, M from 1,000,000). */
export function ItemStats({ item }: { item: Pick<SearchCard, 'view_count' | 'save_count' | 'rating'> }) {
  return (
    <div className={classes.stats}>
      <RatingFact rating={item.rating} />
      <Fact
        icon={IconEye}
        label={t('Views')}
        title={t('{count, plural, one {{shown} view} other {{shown} views}}', {
          count: item.view_count,
          shown: wholeNumber(item.view_count),
        })}
      >
        {formatCount(item.view_count)}
      </Fact>
      <Fact
        icon={IconBookmark}
        label={t('Saves')}
        title={t('{count, plural, one {{shown} save} other {{shown} saves}}', {
          count: item.save_count,
          shown: wholeNumber(item.save_count),
        })}
      >
        {formatCount(item.save_count)}
      </Fact>
    </div>
  );
}

/**
 * A star or citation count, shortened, whose label and tooltip say where and when it was read
 * ('GitHub stars, as of 20 Aug 2026'): a card has no room for the words, but no figure goes
 * without them (docs/product.md#facts).
 */
function FigureFact({ icon, kind, figure }: { icon: Icon; kind: ItemFigureKind; figure: ItemFigure }) {
  return (
    <Fact icon={icon} label={figureLabel(kind, figure)} title={figureSentence(kind, figure)}>
      {formatCount(Math.round(figure.value))}
    </Fact>
  );
}

/** A company fact that changes, its date in the label and tooltip ('Funding stage, as of Mar 2025'). */
function CompanyFact({ icon, label, value, asOf }: { icon: Icon; label: string; value: string; asOf: string }) {
  const age = asOfLabel(asOf);
  return (
    <Fact
      icon={icon}
      label={age ? t('{label}, {age}', { label, age }) : label}
      title={age ? t('{label}, {age}', { label: value, age }) : value}
    >
      {value}
    </Fact>
  );
}

function LicenseFact({ item }: { item: SearchCard }) {
  const claim = licenseClaim(item);
  return claim ? (
    <Fact icon={IconLicense} label={t('Licence')}>
      {claim}
    </Fact>
  ) : null;
}

/** What each type adds to its card (docs/product.md#browse-cards). */
export function TypeFacts({ item }: { item: SearchCard }) {
  const facts: ReactNode[] = [];
  switch (item.content_type) {
    case 'software':
      if (item.pricing_model)
        facts.push(
          <Fact key="pricing" icon={IconTag} label={t('Pricing')}>
            {pricingLabel(item.pricing_model)}
          </Fact>,
        );
      if (licenseClaim(item)) facts.push(<LicenseFact key="licence" item={item} />);
      if (item.figures?.github_stars)
        facts.push(
          <FigureFact key="stars" icon={IconBrandGithub} kind="github_stars" figure={item.figures.github_stars} />,
        );
      break;
    case 'paper':
      if (item.journal_name)
        facts.push(
          <Fact key="journal" icon={IconBook} label={t('Journal')}>
            {item.journal_name}
          </Fact>,
        );
      if (item.figures?.citations)
        facts.push(<FigureFact key="citations" icon={IconQuote} kind="citations" figure={item.figures.citations} />);
      break;
    case 'company':
      // only with when they were true and where they were read (docs/product.md#facts)
      if (item.funding_stage && item.funding_stage_as_of && item.funding_stage_source)
        facts.push(
          <CompanyFact
            key="funding"
            icon={IconCash}
            label={t('Funding stage')}
            value={item.funding_stage}
            asOf={item.funding_stage_as_of}
          />,
        );
      if (item.employee_count && item.employee_count_as_of && item.employee_count_source)
        facts.push(
          <CompanyFact
            key="employees"
            icon={IconUsers}
            label={t('Employees')}
            value={t('{range} employees', { range: item.employee_count })}
            asOf={item.employee_count_as_of}
          />,
        );
      break;
    case 'agent':
      if (item.model_type)
        facts.push(
          <Fact key="model" icon={IconCpu} label={t('Model type')}>
            {item.model_type}
          </Fact>,
        );
      if (item.interaction_mode) {
        facts.push(
          <Fact key="mode" icon={IconMessages} label={t('Interaction mode')}>
            {humanize(item.interaction_mode)}
          </Fact>,
        );
      }
      if (licenseClaim(item)) facts.push(<LicenseFact key="licence" item={item} />);
      break;
  }
  if (facts.length === 0) return null;
  return <div className={classes.facts}>{facts}</div>;
}
