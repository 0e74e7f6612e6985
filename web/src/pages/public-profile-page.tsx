import { Alert, Button, Center, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'wouter';
import { publicProfileInitials, publicProfileName, publicProfileTitle } from '@sciai/core';
import { FollowButton } from '../components/follow/follow-button.tsx';
import { ProfileCard } from '../components/profile/profile-card.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { ProfileReviews } from '../components/reviews/profile-reviews.tsx';
import { useProfileHead } from '../hooks/use-profile-head.ts';
import { usePublicProfileOrcid } from '../hooks/use-oauth.ts';
import { usePublicProfile } from '../hooks/use-public-profile.ts';
import { shownOrcid } from '../data/oauth.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { t } from '../i18n/index.ts';

/**
 * /u/:handle: a profile its owner made public (Settings → Privacy). Unknown or private handles
 * get the app's 404 page; the gateway answers those with HTTP 404 as well.
 */
export function PublicProfilePage() {
  const { handle = '' } = useParams<{ handle: string }>();
  const { data: profile, error, isLoading, mutate } = usePublicProfile(handle);
  const verifiedOrcid = usePublicProfileOrcid(handle);
  const { profile: ownProfile } = useAuth();
  useProfileHead(profile ? publicProfileTitle(profile) : undefined, profile === null);

  if (isLoading) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={t('Loading profile')} />
      </Center>
    );
  }
  if (error && !profile) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" title={t('Could not load this profile')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('Please check your connection and try again.')}</Text>
            <Button size="xs" variant="light" onClick={() => void mutate()}>
              {t('Try again')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!profile) return <NotFoundPage />;

  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <ProfileCard
          name={publicProfileName(profile)}
          initials={publicProfileInitials(profile)}
          verified={profile.verified}
          institution={profile.institution}
          bio={profile.bio}
          interests={profile.research_interests}
          orcid={shownOrcid(verifiedOrcid.data?.orcidId, profile.orcid_id)}
          caption={`@${profile.handle}`}
          nameOrder={1}
        />
        {/* people are followed for their reviews and the items they maintain (docs/product.md#follows) */}
        {ownProfile?.handle?.toLowerCase() !== profile.handle.toLowerCase() && (
          <Group>
            <FollowButton
              target={{ type: 'person', target: profile.handle }}
              name={publicProfileName(profile)}
              showCount={false}
            />
          </Group>
        )}
        <ProfileReviews handle={profile.handle} count={profile.reviews} />
      </Stack>
    </Container>
  );
}
