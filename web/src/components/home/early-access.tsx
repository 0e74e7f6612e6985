import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRocket } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';
import classes from './early-access.module.css';

// The modal and its form code load on the first intent to join (hover, focus or click), not with
// the landing page: every page's first download would otherwise carry them. It always mounts
// closed and opens once mounted, so that opening is a change Mantine sees (focus moves in, and
// returns to the button on close).
const WaitlistModal = lazy(() =>
  import('../waitlist/waitlist-modal.tsx').then((module) => ({ default: module.WaitlistModal })),
);

/** Calls `run` once its Suspense boundary has mounted, i.e. once the lazy modal is there. */
function WhenMounted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/** docs/product.md#landing: the 'Early Access Program' card; its button opens the waitlist modal. */
export function EarlyAccess() {
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const mounted = useRef(false);
  const openWhenMounted = useRef(false);
  const prepare = () => setWanted(true);
  const openModal = () => {
    setWanted(true);
    if (mounted.current) open();
    else openWhenMounted.current = true;
  };
  const onModalMounted = useCallback(() => {
    mounted.current = true;
    if (openWhenMounted.current) {
      openWhenMounted.current = false;
      open();
    }
  }, [open]);
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
                  {t('Early Access Program')}
                </Title>
                <Text c="dimmed">
                  {t(
                    'Be among the first researchers to try new discovery features, and help shape what we build next.',
                  )}
                </Text>
              </div>
            </Group>
            <Button
              size="md"
              onClick={openModal}
              onMouseEnter={prepare}
              onFocus={prepare}
              aria-haspopup="dialog"
              className={classes.button}
            >
              {t('Join Waitlist')}
            </Button>
          </Group>
        </Paper>
      </Container>
      {wanted && (
        <Suspense fallback={null}>
          <WaitlistModal opened={opened} onClose={close} />
          <WhenMounted run={onModalMounted} />
        </Suspense>
      )}
    </Box>
  );
}
