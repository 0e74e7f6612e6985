import { useState } from 'react';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ClaimStatus } from '@sciai/core';
import { useAdminClaims } from '../../../hooks/use-admin-claims.ts';
import { LoadState } from '../../load-state.tsx';
import { ClaimRequestCard } from './claim-request-card.tsx';
import { t } from '../../../i18n/index.ts';

/** Claims of items: those waiting for an admin, or the current maintainers (to revoke). */
export function ItemClaimsSection() {
  const [status, setStatus] = useState<Extract<ClaimStatus, 'pending' | 'approved'>>('pending');
  const claims = useAdminClaims(status);
  return (
    <Stack gap="sm" component="section" aria-labelledby="item-claims-title">
      <Title order={2} fz="lg" id="item-claims-title">
        {t('Item claims')}
      </Title>
      <SegmentedControl
        aria-label={t('Which claims')}
        value={status}
        onChange={(value) => setStatus(value === 'approved' ? 'approved' : 'pending')}
        data={[
          { value: 'pending', label: t('Waiting') },
          { value: 'approved', label: t('Maintainers') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <LoadState data={claims.data} error={claims.error} what={t('item claims')} retry={() => void claims.mutate()}>
        {(data) =>
          data.length === 0 ? (
            <Text c="dimmed">
              {status === 'pending' ? t('No claims are waiting.') : t('No item has a maintainer yet.')}
            </Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={status === 'pending' ? t('Claims waiting for a decision') : t('Maintainers')}
            >
              {data.map((claim) => (
                <ClaimRequestCard key={claim.id} claim={claim} />
              ))}
            </Stack>
          )
        }
      </LoadState>
    </Stack>
  );
}
