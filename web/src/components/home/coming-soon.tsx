import { Box, Container, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconCloudDownload, IconSparkles } from '@tabler/icons-react';
import { msg, t } from '../../i18n/index.ts';

/*
 * Only what the product does not do yet (docs/product.md#landing): Browse already filters by
 * domain, licence, pricing and organisation, and assistants can already read the catalog (MCP).
 */
const FEATURES = [
  {
    icon: IconCloudDownload,
    title: msg('Papers from open indexes'),
    text: msg('New papers gathered from open sources such as OpenAlex and arXiv, checked before they are listed.'),
  },
  {
    icon: IconBell,
    title: msg('Alerts'),
    text: msg('An e-mail when new tools or papers appear in the fields you follow.'),
  },
  {
    icon: IconSparkles,
    title: msg('Suggestions for your work'),
    text: msg('Items related to what you have saved and the fields you work in.'),
  },
] as const;

/** docs/product.md#landing: the strip announcing what is coming soon. */
export function ComingSoon() {
  return (
    <Box component="section" aria-labelledby="coming-soon-title">
      <Container size="xl">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Title order={2} id="coming-soon-title" size="h3" mb={4}>
            {t('New features coming soon')}
          </Title>
          <Text c="dimmed" mb="lg">
            {t('SciAI is growing. Here is what we are working on next.')}
          </Text>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 3 }}
            spacing="lg"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon variant="light" size={36} radius="md">
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{t(title)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(text)}
                    </Text>
                  </div>
                </Group>
              </li>
            ))}
          </SimpleGrid>
        </Paper>
      </Container>
    </Box>
  );
}
