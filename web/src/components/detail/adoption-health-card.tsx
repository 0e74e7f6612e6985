import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import useSWR from 'swr';
import { fetchItemSignals, itemSignalsKey, type ItemLinkCheck, type ItemSignal } from '../../data/item-signals.ts';
import { figureDate, figureSourceName, formatNumber } from '@sciai/core';
import { DetailCard } from './detail-cards.tsx';
import { t, msg } from '../../i18n/index.ts';

/** Where each figure comes from, as the card names it (the same names as every other page's). */
const sourceName = (source: string) => (source === 'links' ? t('link check') : figureSourceName(source));

/** The exact figure with thousands separators: a sourced, dated number is not rounded. */
const exact = (value: number) => formatNumber(Math.round(value));

/** The day, as every dated figure of the product says it ('20 Aug 2026'). */
const asOf = (iso: string) => figureDate(iso) ?? iso;

/**
 * One figure with its source and date underneath (and the curated list it was read through, if
 * any: docs/product.md#facts), or "Not checked yet".
 */
function Figure({
  label,
  value,
  source,
  at,
  via,
}: {
  label: string;
  value?: string;
  source?: string;
  at?: string;
  via?: string;
}) {
  return (
    <Stack gap={0} data-figure={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600} ta="end">
          {value ?? t('Not checked yet')}
        </Text>
      </Group>
      {value !== undefined && source && at && (
        <Text size="xs" c="dimmed" ta="end">
          {via
            ? t('{source}, as of {date}, via {list}', { source: sourceName(source), date: asOf(at), list: via })
            : t('{source}, as of {date}', { source: sourceName(source), date: asOf(at) })}
        </Text>
      )}
    </Stack>
  );
}

function figure(signal: ItemSignal | undefined, format: (signal: ItemSignal) => string | undefined) {
  if (!signal) return {};
  const value = format(signal);
  if (value === undefined) return {};
  const via =
    typeof signal.detail.via_name === 'string' && signal.detail.via_name.trim()
      ? signal.detail.via_name.trim()
      : undefined;
  return { value, source: signal.source, at: signal.as_of, ...(via && { via }) };
}

const count = (signal: ItemSignal) => (signal.value_num === null ? undefined : exact(signal.value_num));
const date = (signal: ItemSignal) => (signal.value_text ? asOf(signal.value_text) : undefined);

/** Stars a day as a small line; its label says the change in words for those who cannot see it. */
function StarsTrend({ points }: { points: Array<{ day: string; value: number }> }) {
  if (points.length < 2) return null;
  const values = points.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const width = 200;
  const height = 40;
  const x = (index: number) => (index / (points.length - 1)) * width;
  const y = (value: number) => (max === min ? height / 2 : height - ((value - min) / (max - min)) * (height - 4) - 2);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const change = last.value - first.value;
  const label = t('Stars from {first} on {firstDay} to {last} on {lastDay} ({change})', {
    first: exact(first.value),
    firstDay: asOf(first.day),
    last: exact(last.value),
    lastDay: asOf(last.day),
    change: `${change >= 0 ? '+' : ''}${exact(change)}`,
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
    >
      <title>{label}</title>
      <polyline
        fill="none"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
        points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
      />
    </svg>
  );
}

const HEALTH: Record<ItemLinkCheck['health'], { label: string; color: string; title?: string }> = {
  ok: { label: msg('OK'), color: 'green' },
  down: { label: msg('Down'), color: 'orange' },
  dead: { label: msg('Dead'), color: 'red' },
  unchecked: { label: msg('Not checked'), color: 'gray', title: msg('SciAI checks links to public addresses only') },
};

function LinkStatus({ check, label }: { check: ItemLinkCheck | undefined; label: string }) {
  if (!check) return <Figure label={label} />;
  const health = HEALTH[check.health];
  return (
    <Stack gap={0} data-figure={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Badge color={health.color} variant="light" title={health.title ? t(health.title) : (check.error ?? undefined)}>
          {t(health.label)}
          {check.http_status ? ` (${check.http_status})` : ''}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" ta="end">
        {t('{source}, as of {date}', { source: sourceName('links'), date: asOf(check.checked_at) })}
        {check.health === 'unchecked' && health.title ? ` · ${t(health.title)}` : ''}
        {check.error && check.health !== 'ok' ? ` · ${check.error}` : ''}
      </Text>
      {check.final_url && check.final_url !== check.url && (
        <Anchor href={check.final_url} size="xs" ta="end" rel="nofollow noopener" target="_blank">
          {t('Moved to {host}', { host: new URL(check.final_url).host })}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * "Adoption & health": the item's live figures, each with its source and the date it was true,
 * the 90-day trend of its stars, and the health of its links. A figure not fetched yet says so.
 */
export function AdoptionHealthCard({ slug, kind }: { slug: string; kind: 'software' | 'paper' | 'agent' }) {
  const { data, error } = useSWR(itemSignalsKey(slug), ([, key]) => fetchItemSignals(key));
  if (error) {
    return (
      <DetailCard title={t('Adoption & health')}>
        <Text size="sm" c="dimmed">
          {t('The figures could not be loaded.')}
        </Text>
      </DetailCard>
    );
  }
  if (!data) {
    return (
      <DetailCard title={t('Adoption & health')}>
        <Stack gap="xs" aria-busy="true" aria-label={t('Loading adoption and health')}>
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} />
        </Stack>
      </DetailCard>
    );
  }
  const { signals, links, stars } = data;
  const archived = signals.github_archived?.value_num === 1;
  const release = signals.github_release;
  const releaseDate = typeof release?.detail.published_at === 'string' ? release.detail.published_at : undefined;
  return (
    <DetailCard title={t('Adoption & health')}>
      <Stack gap="sm">
        {archived && (
          <Badge color="gray" variant="filled">
            {t('Archived repository')}
          </Badge>
        )}
        {kind !== 'paper' && (
          <>
            <Figure label={t('GitHub stars')} {...figure(signals.github_stars, count)} />
            <StarsTrend points={stars} />
            <Figure label={t('Last commit')} {...figure(signals.github_pushed_at, date)} />
            <Figure
              label={t('Latest release')}
              {...figure(release, (signal) =>
                signal.value_text ? `${signal.value_text}${releaseDate ? ` (${asOf(releaseDate)})` : ''}` : undefined,
              )}
            />
          </>
        )}
        <Figure label={t('Citations')} {...figure(signals.citations, count)} />
        {(kind !== 'paper' || signals.hf_downloads) && (
          <Figure label={t('Downloads (Hugging Face)')} {...figure(signals.hf_downloads, count)} />
        )}
        <LinkStatus label={t('Homepage')} check={links.find((check) => check.link === 'homepage')} />
        {links.some((check) => check.link === 'repository') && (
          <LinkStatus label={t('Repository')} check={links.find((check) => check.link === 'repository')} />
        )}
      </Stack>
    </DetailCard>
  );
}
