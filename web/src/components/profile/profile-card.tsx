import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { OrcidLink } from './orcid-link.tsx';
import { UserAvatar } from '../shell/user-avatar.tsx';
import { t } from '../../i18n/index.ts';

export interface ProfileCardProps {
  name: string;
  initials: string;
  verified: boolean;
  institution: string | null;
  /** Shown on the user's own profile only; a public profile never shows it. */
  email?: string;
  bio: string | null;
  /** Domain names. */
  interests: string[];
  /** The iD shown: the ORCID-verified one, else the one typed into the profile (not verified). */
  orcid: { id: string; verified: boolean } | null;
  /** Under the name, e.g. '@handle'. */
  caption?: string;
  /** 1 when the card is the page's main content (a public profile). */
  nameOrder?: 1 | 2;
}

/** The profile card (docs/product.md#profile-card): avatar, name with the verified tick, institution, e-mail, bio, interests, ORCID. */
export function ProfileCard({
  name,
  initials,
  verified,
  institution,
  email,
  bio,
  interests,
  orcid,
  caption,
  nameOrder = 2,
}: ProfileCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack align="center" gap="xs" ta="center">
        <UserAvatar size={88} radius="50%" aria-hidden>
          <Text fz={32} fw={700} inherit>
            {initials}
          </Text>
        </UserAvatar>
        <Group gap={6} justify="center" wrap="nowrap">
          <Title order={nameOrder} fz="xl" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {verified && (
            <IconRosetteDiscountCheck
              size={20}
              color="var(--mantine-primary-color-filled)"
              aria-label={t('Verified')}
              role="img"
            />
          )}
        </Group>
        {caption && (
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        )}
        {institution && <Text c="dimmed">{institution}</Text>}
        {email && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
        )}
        {bio && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {bio}
          </Text>
        )}
        {interests.length > 0 && (
          <Stack gap={6} align="center" mt="xs">
            <Text size="sm" fw={600}>
              {t('Research interests')}
            </Text>
            <Group gap={6} justify="center" role="list" aria-label={t('Research interests')}>
              {interests.map((interest) => (
                <Badge key={interest} variant="light" role="listitem">
                  {interest}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}
        {orcid && <OrcidLink orcid={orcid.id} verified={orcid.verified} />}
      </Stack>
    </Card>
  );
}
