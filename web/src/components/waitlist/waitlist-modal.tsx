import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery, useTimeout } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PRODUCT_NAME } from '../../site.ts';
import { joinWaitlist, type JoinWaitlistOutcome } from '../../data/waitlist.ts';
import { EMPTY_WAITLIST_FORM, toWaitlistSignup, type WaitlistFormValues } from './waitlist-values.ts';
import { WaitlistFields } from './waitlist-fields.tsx';
import { t, msg } from '../../i18n/index.ts';

/** docs/product.md#waitlist: the modal closes by itself this long after a successful sign-up. */
export const WAITLIST_AUTO_CLOSE_MS = 1_500;

const OUTCOME_TOASTS: Record<JoinWaitlistOutcome, { title: string; message: string; color: string }> = {
  joined: {
    title: msg('Welcome to the waitlist! 🎉'),
    message: msg("We'll notify you as soon as we launch. Thank you for your interest!"),
    color: 'green',
  },
  'already-registered': {
    title: msg('Already on the waitlist'),
    message: msg("This email is already registered. We'll be in touch soon!"),
    color: 'red',
  },
  failed: {
    title: msg('Something went wrong'),
    message: msg('Please try again or contact us directly.'),
    color: 'red',
  },
};

/** docs/product.md#waitlist: the early-access sign-up, opened from the landing page. */
export function WaitlistModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [submitting, setSubmitting] = useState(false);
  // Cleared when the modal closes or unmounts first.
  const autoClose = useTimeout(onClose, WAITLIST_AUTO_CLOSE_MS);
  const form = useForm<WaitlistFormValues>({ initialValues: EMPTY_WAITLIST_FORM });

  const close = () => {
    autoClose.clear();
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    const result = toWaitlistSignup(values);
    if (!result.ok) {
      if (result.problem === 'email-required') {
        notifications.show({
          title: t('Email required'),
          message: t('Please enter your email address to join the waitlist.'),
          color: 'red',
        });
      } else {
        form.setFieldError('email', t('Please enter a valid email address, like name@example.org'));
      }
      return;
    }
    setSubmitting(true);
    const outcome = await joinWaitlist(result.signup);
    setSubmitting(false);
    const toast = OUTCOME_TOASTS[outcome];
    notifications.show({ ...toast, title: t(toast.title), message: t(toast.message) });
    if (outcome === 'joined') {
      form.reset();
      autoClose.start();
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('Join {product}', { product: PRODUCT_NAME })}
      size="lg"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('Close') }}
      radius={isMobile ? 0 : 'md'}
      transitionProps={{ transition: 'fade', duration: isMobile ? 0 : 150 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {/* Our own checks (a toast for a blank address, docs/product.md#waitlist) replace the browser's bubbles. */}
      <form onSubmit={submit} noValidate aria-describedby="waitlist-intro">
        <Stack gap="md">
          <Text id="waitlist-intro" c="dimmed">
            {t('Get early access to the AI tools that will accelerate your research.')}
          </Text>
          <WaitlistFields form={form} />
          <Button type="submit" fullWidth size="md" disabled={submitting}>
            {submitting ? t('Joining waitlist...') : t('Join Waitlist')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
