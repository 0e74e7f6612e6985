import { Box, Container, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSparkles, IconTools } from '@tabler/icons-react';

const FEATURES = [
  {
    icon: IconSparkles,
    title: 'Enhanced AI discovery',
    text: 'Recommendations that learn from the fields and methods you work with.',
  },
  {
    icon: IconAdjustmentsHorizontal,
    title: 'Advanced filtering',
    text: 'Narrow the catalog by domain, licence, pricing, organisation and more.',
  },
  {
    icon: IconTools,
    title: 'More tools',
    text: 'New software, papers, companies and agents added as the community contributes.',
  },
] as const;

/** docs/product.md#landing: the strip announcing what is coming soon. */
export function ComingSoon() {
  return (
    <Box component="section" aria-labelledby="coming-soon-title">
      <Container size="xl">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Title order={2} id="coming-soon-title" size="h3" mb={4}>
            New features coming soon
          </Title>
          <Text c="dimmed" mb="lg">
            SciAI is growing. Here is what we are working on next.
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
                    <Text fw={600}>{title}</Text>
                    <Text size="sm" c="dimmed">
                      {text}
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
