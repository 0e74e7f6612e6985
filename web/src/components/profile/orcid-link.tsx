import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { orcidUrl } from '@sciai/core';
import { OrcidIcon } from './orcid-icon.tsx';
import { t } from '../../i18n/index.ts';

/**
 * An ORCID iD as a link to its public record (opens in a new tab). Only an iD proven by signing
 * in with ORCID gets the green iD mark and "ORCID-verified"; one typed into the profile says it
 * is not verified (docs/product.md#orcid-verified).
 */
export function OrcidLink({
  orcid,
  verified,
  justify = 'center',
}: {
  orcid: string;
  verified: boolean;
  justify?: 'center' | 'flex-start';
}) {
  return (
    <Group gap={6} justify={justify} wrap="wrap">
      {verified ? (
        <OrcidIcon size={16} label="ORCID iD" />
      ) : (
        <Text size="sm" fw={600} c="dimmed">
          ORCID
        </Text>
      )}
      <Anchor href={orcidUrl(orcid)} target="_blank" rel="noopener noreferrer" size="sm">
        {orcid}
        <IconExternalLink
          size={12}
          style={{ marginInlineStart: 4, verticalAlign: 'middle' }}
          aria-label={t('(opens in a new tab)')}
        />
      </Anchor>
      {verified ? (
        <Badge color="green" variant="light" c="var(--mantine-color-text)" size="sm">
          {t('ORCID-verified')}
        </Badge>
      ) : (
        <Text size="xs" c="dimmed">
          {t('(not verified)')}
        </Text>
      )}
    </Group>
  );
}
