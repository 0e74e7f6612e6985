import { Stack, Text, Title } from '@mantine/core';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { ItemClaimsSection } from '../../components/admin/verifications/item-claims-section.tsx';
import { VerificationCard } from '../../components/admin/verifications/verification-card.tsx';
import { useAdminVerifications } from '../../hooks/use-admin-verifications.ts';
import { t } from '../../i18n/index.ts';

/** /admin/verifications: researchers asking to be verified, then people claiming items, oldest first. */
export function AdminVerificationsPage() {
  const requests = useAdminVerifications();
  return (
    <AdminLayout
      title={t('Verifications')}
      description={t('Approve or reject researchers asking to be verified and people claiming items, oldest first.')}
    >
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="researchers-title">
          <Title order={2} fz="lg" id="researchers-title">
            {t('Researchers')}
          </Title>
          <LoadState
            data={requests.data}
            error={requests.error}
            what={t('verification requests')}
            retry={() => void requests.mutate()}
          >
            {(data) =>
              data.length === 0 ? (
                <Text c="dimmed">{t('No pending verification requests.')}</Text>
              ) : (
                <Stack
                  gap="sm"
                  component="ul"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  aria-label={t('Pending verification requests')}
                >
                  {data.map((request) => (
                    <VerificationCard key={request.id} request={request} />
                  ))}
                </Stack>
              )
            }
          </LoadState>
        </Stack>
        <ItemClaimsSection />
      </Stack>
    </AdminLayout>
  );
}
