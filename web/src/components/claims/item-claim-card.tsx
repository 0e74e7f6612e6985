import { lazy, Suspense, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useSWRConfig } from 'swr';
import { Link } from 'wouter';
import { CLAIM_STATUS_LABELS, itemPath, signInPathFor } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import type { ItemDetail } from '../../data/item-details.ts';
import { FACT_FIELD_LABELS, type FactField } from '../../data/item-maintenance.ts';
import { useItemClaimSummary } from '../../hooks/use-item-claims.ts';
import { historyHref } from '../history/history-links.ts';
import { currentLocale, t, Trans } from '../../i18n/index.ts';

// Loaded when opened: most visitors of a detail page never claim or edit it.
const ClaimDialog = lazy(() => import('./claim-dialog.tsx').then((module) => ({ default: module.ClaimDialog })));
const MaintainerEditDialog = lazy(() =>
  import('./maintainer-edit-dialog.tsx').then((module) => ({ default: module.MaintainerEditDialog })),
);

function fieldList(fields: FactField[]): string {
  return fields.map((field) => FACT_FIELD_LABELS[field].toLocaleLowerCase(currentLocale())).join(', ');
}

/**
 * The item's maintainer (docs/product.md#claims): who keeps its facts, the changes they made,
 * and for a signed-in user the way to claim it, or to edit it when it is theirs.
 */
export function ItemClaimCard({ item, onItemChanged }: { item: ItemDetail; onItemChanged(): unknown }) {
  const { user } = useAuth();
  const summary = useItemClaimSummary(item.id);
  const { mutate: refreshHistory } = useSWRConfig();
  const [claiming, setClaiming] = useState(false);
  const [editing, setEditing] = useState(false);
  const data = summary.data;
  // a card beside the item's own: while it loads nothing shows, and a failure says so quietly
  if (summary.error)
    return (
      <Text size="sm" c="dimmed">
        {t('Who maintains this item could not be loaded.')}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void summary.mutate()}>
          {t('Try again')}
        </Anchor>
      </Text>
    );
  if (!data) return null;
  const { maintainer, my_claim: myClaim } = data;
  const waiting = myClaim?.status === 'pending';
  const name = maintainer ? (maintainer.name ?? maintainer.handle ?? t('a SciAI member')) : undefined;
  const nameElement = maintainer?.handle ? (
    <Anchor component={Link} href={`/u/${maintainer.handle}`} fw={600} />
  ) : (
    <Text span fw={600} />
  );

  const claimed = (approved: boolean) => {
    setClaiming(false);
    void summary.mutate();
    notifications.show({
      color: 'teal',
      title: approved ? t('You now maintain this item') : t('Claim sent'),
      message: approved
        ? t('Your name shows on the item, and you can edit its facts.')
        : t('An admin will decide; SciAI e-mails you the decision.'),
    });
  };
  const saved = ({ applied, pending }: { applied: FactField[]; pending: FactField[] }) => {
    setEditing(false);
    onItemChanged();
    void summary.mutate();
    void refreshHistory((key) => Array.isArray(key) && key[0] === 'item-history' && key[1] === item.slug);
    const parts = [
      applied.length ? t('Saved: {fields}.', { fields: fieldList(applied) }) : '',
      pending.length ? t('Waiting for a moderator: {fields}.', { fields: fieldList(pending) }) : '',
    ];
    notifications.show({
      color: 'teal',
      title: t('Changes saved'),
      message: parts.filter(Boolean).join(' ') || t('Nothing changed.'),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="maintainer-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id="maintainer-title">
            {t('Maintainer')}
          </Title>
          {waiting && (
            <Badge variant="light" tt="none">
              {t('Your claim: {status}', { status: t(CLAIM_STATUS_LABELS.pending) })}
            </Badge>
          )}
        </Group>
        {maintainer && name ? (
          <Group gap={6} wrap="nowrap">
            <IconRosetteDiscountCheck size={18} aria-hidden color="var(--mantine-color-teal-6)" />
            <Text size="sm">
              {data.is_maintainer ? (
                <Trans id="Maintained by <0>{name}</0> (you)" values={{ name }} components={{ 0: nameElement }} />
              ) : (
                <Trans id="Maintained by <0>{name}</0>" values={{ name }} components={{ 0: nameElement }} />
              )}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('No one maintains this item yet. Are you behind it? Claim it to keep its facts up to date.')}
          </Text>
        )}
        <Group gap="sm">
          {data.is_maintainer && <Button onClick={() => setEditing(true)}>{t('Edit facts')}</Button>}
          {!maintainer && user && (
            <Button variant="light" onClick={() => setClaiming(true)}>
              {t('Claim this item')}
            </Button>
          )}
          {!maintainer && !user && (
            <Button variant="light" component={Link} href={signInPathFor(itemPath(item.content_type, item.slug))}>
              {t('Sign in to claim this item')}
            </Button>
          )}
        </Group>
        {(maintainer || data.changes > 0) && (
          <Text size="sm">
            <Trans
              id="Every change to this item, by its maintainer or anyone else, is in its <0>history</0>."
              components={{ 0: <Anchor component={Link} href={historyHref(item.content_type, item.slug)} /> }}
            />
          </Text>
        )}
      </Stack>
      <Suspense fallback={null}>
        {claiming && (
          <ClaimDialog
            opened
            onClose={() => setClaiming(false)}
            contentId={item.id}
            title={item.title}
            summary={data}
            onClaimed={claimed}
          />
        )}
        {editing && <MaintainerEditDialog item={item} opened onClose={() => setEditing(false)} onSaved={saved} />}
      </Suspense>
    </Paper>
  );
}
