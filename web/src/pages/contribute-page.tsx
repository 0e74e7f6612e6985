import { Container, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/use-auth.ts';
import { ContributeWizard } from '../components/contribute/contribute-wizard.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t } from '../i18n/index.ts';

/** docs/product.md#contribute: contribute a tool, paper, company or agent for review (signed-in users). */
export function ContributePage() {
  usePageTitle(t('Contribute'));
  const { user } = useAuth();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('Contribute to SciAI')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t(
              'Share an AI tool, research paper, company or agent with the community. Moderators review every contribution.',
            )}
          </Text>
        </div>
        {/* The route guard admits only signed-in users; the key gives each account its own draft. */}
        {user && <ContributeWizard key={user.id} userId={user.id} />}
      </Stack>
    </Container>
  );
}
