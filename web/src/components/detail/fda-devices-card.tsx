import { Group, Text } from '@mantine/core';
import { fdaDecisionUrl, formatCount } from '@sciai/core';
import type { ItemSource } from '../../data/item-details.ts';
import { DetailCard, ExternalLink } from './detail-cards.tsx';
import { fdaDevicesOf } from './source-facts.ts';
import classes from './detail.module.css';
import { t } from '../../i18n/index.ts';

/** Numbers shown before the rest fold away: a large maker has hundreds. */
const SHOWN_NUMBERS = 12;

/**
 * A company's AI-enabled medical devices the US FDA has authorised, as the FDA's list states
 * them (docs/product.md#sources): how many, the first and latest decision, the review panels,
 * and each decision number linked to the FDA's database, dated and credited.
 */
export function FdaDevicesCard({
  metadata,
  sources,
}: {
  metadata: Record<string, unknown>;
  sources: readonly ItemSource[] | undefined;
}) {
  const devices = fdaDevicesOf(metadata);
  if (!devices) return null;
  const via = sources?.find((entry) => entry.source === devices.source)?.name ?? devices.source;
  const numberLink = (number: string) => {
    const href = fdaDecisionUrl(number);
    return href ? (
      <ExternalLink key={number} href={href}>
        {number}
      </ExternalLink>
    ) : (
      <Text key={number} component="span" size="sm">
        {number}
      </Text>
    );
  };
  const shown = devices.numbers.slice(0, SHOWN_NUMBERS);
  const folded = devices.numbers.slice(SHOWN_NUMBERS);
  return (
    <DetailCard title={t('FDA-cleared devices')}>
      <dl className={classes.facts}>
        <Fact label={t('Devices')}>{formatCount(devices.count)}</Fact>
        {devices.firstDecision && <Fact label={t('First decision')}>{devices.firstDecision}</Fact>}
        {devices.latestDecision && <Fact label={t('Latest decision')}>{devices.latestDecision}</Fact>}
        {devices.panels.length > 0 && <Fact label={t('Review panels')}>{devices.panels.join(', ')}</Fact>}
      </dl>
      {shown.length > 0 && (
        <Group gap="xs" mt="sm" aria-label={t('FDA decision numbers')} role="group">
          {shown.map(numberLink)}
        </Group>
      )}
      {folded.length > 0 && (
        <details className={classes.moreNumbers}>
          <summary>{t('All {count} decision numbers', { count: formatCount(devices.numbers.length) })}</summary>
          <Group gap="xs" mt="xs">
            {folded.map(numberLink)}
          </Group>
        </details>
      )}
      {(devices.asOf || via) && (
        <Text size="xs" c="dimmed" mt="sm" data-fact-age>
          {devices.asOf && via
            ? t('as of {date}, via {list}', { date: devices.asOf, list: via })
            : devices.asOf
              ? t('as of {date}', { date: devices.asOf })
              : t('via {list}', { list: via })}
        </Text>
      )}
    </DetailCard>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} className={classes.factValue}>
        {children}
      </Text>
    </div>
  );
}
