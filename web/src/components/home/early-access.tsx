import { Box, Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRocket } from '@tabler/icons-react';
import { WaitlistModal } from '../waitlist/waitlist-modal.tsx';
import classes from './early-access.module.css';

/** Spec 2.3: the 'Early Access Program' card; its button opens the waitlist modal. */
export function EarlyAccess() {
  const [opened, { open, close }] = useDisclosure(false);
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
            <Button size="md" onClick={open} aria-haspopup="dialog" className={classes.button}>
              Join Waitlist
            </Button>
          </Group>
        </Paper>
      </Container>
      <WaitlistModal opened={opened} onClose={close} />
    </Box>
  );
}
