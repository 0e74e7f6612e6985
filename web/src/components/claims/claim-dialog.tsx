import { useState } from 'react';
import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { CLAIM_METHODS, type ClaimMethod } from '@sciai/core';
import { claimProofsAvailable } from '../../data/backend-features.ts';
import type { ItemClaimSummary } from '../../data/item-claims.ts';
import { EmailPanel, EvidencePanel, GithubPanel, OrcidPanel } from './claim-method-panels.tsx';
import { msg, t } from '../../i18n/index.ts';

const METHOD_TABS: Record<ClaimMethod, string> = {
  github: 'GitHub',
  email: msg('Work e-mail'),
  orcid: 'ORCID',
  evidence: msg('Evidence'),
};

export interface ClaimDialogProps {
  opened: boolean;
  onClose(): void;
  contentId: string;
  title: string;
  summary: ItemClaimSummary;
  onClaimed(approved: boolean): void;
}

/** The ways this item can be claimed, the proven ones first; evidence for an admin always. */
export function ClaimDialog({ opened, onClose, contentId, title, summary, onClaimed }: ClaimDialogProps) {
  // the GitHub and e-mail proofs are the embedded server's; a hosted project has only the others
  const serverProofs = claimProofsAvailable();
  const methods = CLAIM_METHODS.filter(
    (method) => summary.methods.includes(method) && (serverProofs || (method !== 'github' && method !== 'email')),
  );
  const [method, setMethod] = useState<ClaimMethod>(methods[0] ?? 'evidence');
  const props = { contentId, onClaimed };
  return (
    <Modal opened={opened} onClose={onClose} title={t('Claim “{title}”', { title })} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(
            'The maintainer of an item keeps its facts up to date and is named on its page. Choose how to show that you are behind it.',
          )}
        </Text>
        {methods.length > 1 && (
          <SegmentedControl
            fullWidth
            aria-label={t('How to prove it')}
            value={method}
            onChange={(value) => setMethod(methods.find((candidate) => candidate === value) ?? 'evidence')}
            data={methods.map((value) => ({
              value,
              label: value === 'github' || value === 'orcid' ? METHOD_TABS[value] : t(METHOD_TABS[value]),
            }))}
          />
        )}
        {method === 'github' && summary.github_url && <GithubPanel {...props} repository={summary.github_url} />}
        {method === 'email' && summary.website && <EmailPanel {...props} website={summary.website} />}
        {method === 'orcid' && <OrcidPanel {...props} />}
        {method === 'evidence' && <EvidencePanel {...props} />}
      </Stack>
    </Modal>
  );
}
