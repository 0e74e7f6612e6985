import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ClaimEvidenceSchema, EmailCodeRequestSchema } from '@sciai/core';
import {
  claimByGithub,
  claimByOrcid,
  sendClaimCode,
  submitEvidenceClaim,
  verifyClaimCode,
} from '../../data/item-claims.ts';
import { errorMessage } from '../load-state.tsx';
import { t, Trans } from '../../i18n/index.ts';

export interface PanelProps {
  contentId: string;
  /** Called after a claim was recorded; `approved` when it made the user the maintainer at once. */
  onClaimed(approved: boolean): void;
}

/** Runs an action, keeping its error to show; `busy` while it runs. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" role="alert" title={t('Not claimed')}>
      {error}
    </Alert>
  ) : null;
}

/** A proof the server checks at once: its explanation, and one button that claims. */
function InstantProofPanel({
  explanation,
  label,
  claim,
  onClaimed,
}: {
  explanation: ReactNode;
  label: string;
  claim(): Promise<void>;
  onClaimed: PanelProps['onClaimed'];
}) {
  const { busy, error, run } = useAction();
  return (
    <Stack gap="sm">
      <Text size="sm">{explanation}</Text>
      <ErrorNote error={error} />
      <Group>
        <Button
          loading={busy}
          onClick={() =>
            void run(async () => {
              await claim();
              onClaimed(true);
            })
          }
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

export function GithubPanel({ contentId, onClaimed, repository }: PanelProps & { repository: string }) {
  return (
    <InstantProofPanel
      explanation={
        <Trans
          id="SciAI asks GitHub, with the GitHub account you signed in with, whether you are an admin or a maintainer of <0>{repository}</0>. If you are, the item is yours at once."
          values={{ repository }}
          components={{ 0: <Text span fw={600} style={{ overflowWrap: 'anywhere' }} /> }}
        />
      }
      label={t('Check my GitHub permission')}
      claim={() => claimByGithub(contentId)}
      onClaimed={onClaimed}
    />
  );
}

export function EmailPanel({ contentId, onClaimed, website }: PanelProps & { website: string }) {
  const { busy, error, run } = useAction();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const host = safeHost(website);

  const send = () =>
    run(async () => {
      const parsed = EmailCodeRequestSchema.shape.email.safeParse(email);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? t('Enter an e-mail address'));
      await sendClaimCode(contentId, parsed.data);
      setSentTo(parsed.data);
    });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t(
          'Enter your work address at the domain of the item’s website ({host}). SciAI mails it a six-digit code that works for 15 minutes. Free e-mail providers do not count.',
          { host },
        )}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        noValidate
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('Work e-mail address')}
            type="email"
            autoComplete="email"
            // eslint-disable-next-line sciai/no-untranslated-text -- an example address, not words
            placeholder={`you@${host.replace(/^www\./, '')}`}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            maxLength={254}
          />
          <Button type="submit" variant={sentTo ? 'default' : 'filled'} loading={busy && !sentTo}>
            {sentTo ? t('Send a new code') : t('Send code')}
          </Button>
        </Group>
      </form>
      {sentTo && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await verifyClaimCode(contentId, code.trim());
              onClaimed(true);
            });
          }}
          noValidate
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('Code from the e-mail')}
              description={t('Sent to {address}', { address: sentTo })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              style={{ flex: '1 1 160px' }}
            />
            <Button type="submit" loading={busy}>
              {t('Confirm code')}
            </Button>
          </Group>
        </form>
      )}
      <ErrorNote error={error} />
    </Stack>
  );
}

export function OrcidPanel({ contentId, onClaimed }: PanelProps) {
  return (
    <InstantProofPanel
      explanation={t(
        'If the ORCID iD you proved by signing in with ORCID belongs to one of this paper’s authors, the paper is yours at once.',
      )}
      label={t('Check my ORCID iD')}
      claim={() => claimByOrcid(contentId)}
      onClaimed={onClaimed}
    />
  );
}

export function EvidencePanel({ contentId, onClaimed }: PanelProps) {
  const { busy, error, run } = useAction();
  const [evidence, setEvidence] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = () => {
    const parsed = ClaimEvidenceSchema.safeParse(evidence);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? t('Tell the admins about your role'));
    setInvalid(null);
    void run(async () => {
      await submitEvidenceClaim(contentId, parsed.data);
      onClaimed(false);
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          {t(
            'Tell the admins who you are and how you are behind this item, with links they can check (a team page, a publication, a repository). An admin decides and SciAI e-mails you the decision.',
          )}
        </Text>
        <Textarea
          label={t('Your evidence')}
          withAsterisk
          autosize
          minRows={4}
          maxLength={4000}
          value={evidence}
          error={invalid}
          onChange={(event) => setEvidence(event.currentTarget.value)}
        />
        <ErrorNote error={error} />
        <Group>
          <Button type="submit" loading={busy}>
            {t('Send to the admins')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
