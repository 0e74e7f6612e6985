import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { IconDiscountCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

/** A green-tinted badge whose text keeps the theme's contrast; the icon carries the colour. */
function StatusBadge({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Badge color="green" variant="light" c="var(--mantine-color-text)" tt="none" size="lg" leftSection={icon}>
      {children}
    </Badge>
  );
}

export function VerifiedBadge() {
  return (
    <StatusBadge icon={<IconRosetteDiscountCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden />}>
      {t('Verified')}
    </StatusBadge>
  );
}

export function PeerReviewedBadge() {
  return (
    <StatusBadge icon={<IconDiscountCheck size={16} color="var(--mantine-color-green-filled)" aria-hidden />}>
      {t('Peer Reviewed')}
    </StatusBadge>
  );
}
