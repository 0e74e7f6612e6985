import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { orcidUrl } from '@sciai/core';

/** An ORCID iD as a link to its public record (opens in a new tab). */
export function OrcidLink({ orcid }: { orcid: string }) {
  return (
    <Group gap={6} justify="center" wrap="nowrap">
      <Text size="sm" fw={600} c="dimmed">
        ORCID
      </Text>
      <Anchor href={orcidUrl(orcid)} target="_blank" rel="noopener noreferrer" size="sm">
        {orcid}
        <IconExternalLink
          size={12}
          style={{ marginLeft: 4, verticalAlign: 'middle' }}
          aria-label="(opens in a new tab)"
        />
      </Anchor>
    </Group>
  );
}
