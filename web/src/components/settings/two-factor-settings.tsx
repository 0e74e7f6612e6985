import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createBackupCodes, startTotpEnrollment, type TotpEnrollment } from '../../data/two-factor.ts';
import { useConfirmTotpEnrollment, useDisableTotp, useTwoFactor } from '../../hooks/use-two-factor.ts';
import { backupCodesAvailable } from '../../data/backend-features.ts';
import { BackupCodesPanel } from './backup-codes-panel.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { t } from '../../i18n/index.ts';
import { useFocusKept } from '../../hooks/use-focus-kept.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrollment: TotpEnrollment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : t('Something went wrong. Please try again.');

/**
 * Two-factor authentication with an authenticator app (TOTP) and, where the auth service offers
 * them (the embedded one; a hosted project's has no such endpoint), single-use backup codes.
 */
export function TwoFactorSettings() {
  const factor = useTwoFactor();
  const withBackupCodes = backupCodesAvailable();
  const confirmEnrollment = useConfirmTotpEnrollment();
  const disableFactor = useDisableTotp();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, failureTitle: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifications.show({ color: 'red', title: failureTitle, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const begin = () =>
    run(
      async () => setStep({ kind: 'enrolling', enrollment: await startTotpEnrollment() }),
      t('Could not start two-factor setup'),
    );

  const confirm = async (enrollment: TotpEnrollment, code: string): Promise<string | null> => {
    try {
      await confirmEnrollment(enrollment.factorId, code);
    } catch (error) {
      return messageOf(error);
    }
    if (withBackupCodes) {
      try {
        const codes = await createBackupCodes(enrollment.factorId);
        setStep({ kind: 'codes', codes });
      } catch (error) {
        setStep({ kind: 'idle' });
        notifications.show({
          color: 'yellow',
          title: t('Backup codes not created'),
          message: t('{reason}. Generate them below.', { reason: messageOf(error) }),
        });
      }
    } else {
      setStep({ kind: 'idle' });
    }
    notifications.show({
      color: 'green',
      title: t('Two-factor authentication enabled'),
      message: t('You will be asked for a code when you sign in.'),
    });
    return null;
  };

  const regenerate = (factorId: string) =>
    run(
      async () => setStep({ kind: 'codes', codes: await createBackupCodes(factorId) }),
      t('Could not create backup codes'),
    );

  const disable = (factorId: string) =>
    run(async () => {
      await disableFactor(factorId);
      setStep({ kind: 'idle' });
      notifications.show({
        color: 'green',
        title: t('Two-factor authentication disabled'),
        message: t('Sign-in now needs only your password.'),
      });
    }, t('Could not disable two-factor authentication'));

  const enabledId = factor.data ?? null;
  // Each step replaces the button that led to it.
  const panel = useFocusKept<HTMLDivElement>(`${step.kind}:${enabledId ? 'on' : 'off'}`);

  return (
    <SettingsSection
      title={t('Two-factor authentication')}
      description={
        withBackupCodes
          ? t('Sign-in asks for a code from an authenticator app on your phone, or a backup code, after your password.')
          : t('Sign-in asks for a code from an authenticator app on your phone after your password.')
      }
    >
      <div ref={panel} tabIndex={-1}>
        {factor.isLoading ? (
          <Center>
            <Loader size="sm" role="status" aria-label={t('Loading two-factor status')} />
          </Center>
        ) : factor.error ? (
          <Alert color="red" title={t('Could not load two-factor status')}>
            <Button size="xs" variant="default" onClick={() => void factor.mutate()}>
              {t('Try again')}
            </Button>
          </Alert>
        ) : step.kind === 'codes' ? (
          <BackupCodesPanel codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
        ) : step.kind === 'enrolling' ? (
          <TotpEnrolment
            enrollment={step.enrollment}
            onConfirm={(code) => confirm(step.enrollment, code)}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        ) : enabledId ? (
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm">{t('Status:')}</Text>
              <Badge color="green" variant="light">
                {t('Enabled')}
              </Badge>
            </Group>
            {step.kind === 'disabling' ? (
              <Alert color="red" title={t('Disable two-factor authentication?')}>
                <Text size="sm" mb="sm">
                  {withBackupCodes
                    ? t('Your account will be protected by your password alone, and your backup codes stop working.')
                    : t('Your account will be protected by your password alone.')}
                </Text>
                <Group gap="xs">
                  <Button color="red" size="xs" loading={busy} onClick={() => void disable(enabledId)}>
                    {t('Disable')}
                  </Button>
                  <Button variant="default" size="xs" disabled={busy} onClick={() => setStep({ kind: 'idle' })}>
                    {t('Keep it on')}
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Group gap="xs">
                {withBackupCodes && (
                  <Button variant="default" loading={busy} onClick={() => void regenerate(enabledId)}>
                    {t('Generate new backup codes')}
                  </Button>
                )}
                <Button variant="outline" color="red" disabled={busy} onClick={() => setStep({ kind: 'disabling' })}>
                  {t('Disable two-factor authentication')}
                </Button>
              </Group>
            )}
          </Stack>
        ) : (
          <Group gap="xs">
            <Badge color="gray" variant="light">
              {t('Off')}
            </Badge>
            <Button loading={busy} onClick={() => void begin()}>
              {t('Set up two-factor authentication')}
            </Button>
          </Group>
        )}
      </div>
    </SettingsSection>
  );
}
