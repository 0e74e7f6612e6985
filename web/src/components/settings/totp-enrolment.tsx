import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TotpEnrollment } from '../../data/two-factor.ts';
import { t } from '../../i18n/index.ts';

interface TotpEnrolmentProps {
  enrollment: TotpEnrollment;
  /** Resolves with an error message, or null when the code was accepted. */
  onConfirm: (code: string) => Promise<string | null>;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then prove it with the app's current code. */
export function TotpEnrolment({ enrollment, onConfirm, onCancel }: TotpEnrolmentProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('Enter the 6-digit code from your authenticator app.'));
      return;
    }
    setBusy(true);
    setError(await onConfirm(code));
    setBusy(false);
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {t('1. Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis).')}
      </Text>
      <Image
        src={enrollment.qrCode}
        alt={t('QR code for your authenticator app')}
        w={180}
        h={180}
        bg="white"
        p={6}
        radius="sm"
      />
      <div>
        <Text size="sm">{t('Or enter this key by hand:')}</Text>
        <Group gap="xs">
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {enrollment.secret}
          </Code>
          <CopyButton value={enrollment.secret}>
            {({ copied, copy }) => (
              <Button variant="subtle" size="compact-xs" onClick={copy}>
                {copied ? t('Copied') : t('Copy key')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('2. Enter the 6-digit code from the app')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              {t('Verify and enable')}
            </Button>
            <Button type="button" variant="default" onClick={onCancel} disabled={busy}>
              {t('Cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
