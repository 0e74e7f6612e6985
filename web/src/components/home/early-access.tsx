import { lazy, Suspense } from 'react';
import { Box, Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRocket } from '@tabler/icons-react';
import classes from './early-access.module.css';

// The form and its modal load when someone first opens it, not with the landing page.
const WaitlistModal = lazy(() => import('../waitlist/waitlist-modal.tsx').then((m) => ({ default: m.WaitlistModal })));

/** Spec 2.3: the 'Early Access Program' card; its button opens the waitlist modal. */
export function EarlyAccess() {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, { open: want }] = useDisclosure(false);
  return (
    <Box component="section" aria-labelledby="early-access-title" className={classes.section}>
      <Container size="xl">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
          <Group justify="space-between" align="center" gap="lg" className={classes.layout}>
            <Group wrap="nowrap" align="flex-start" gap="md" className={classes.text}>
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <IconRocket size={26} />
              </ThemeIcon>
              <div>
                <Title order={2} id="early-access-title" size="h3" mb={4}>
                  Early Access Program
                </Title>
                <Text c="dimmed">
                  Be among the first researchers to try new discovery features, and help shape what we build next.
                </Text>
              </div>
            </Group>
            <Button size="md" onClick={() => {
                want();
                open();
              }} onPointerEnter={want} onFocus={want} aria-haspopup="dialog" className={classes.button}>
              Join Waitlist
            </Button>
          </Group>
        </Paper>
      </Container>
      {wanted && (
        <Suspense fallback={null}>
          <WaitlistModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
