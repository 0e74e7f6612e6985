import { Anchor, Center, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { Link } from 'wouter';
import { publicProfilePath } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';
import { useUserIdentity } from '../auth/use-user-identity.ts';
import { OrcidConnectionCard } from '../components/profile/orcid-connection-card.tsx';
import { ProfileCard } from '../components/profile/profile-card.tsx';
import { ProfileForm } from '../components/profile/profile-form.tsx';
import { ProfileStatsCard } from '../components/profile/profile-stats-card.tsx';
import { ProfileStatusCard } from '../components/profile/profile-status-card.tsx';
import { StatusPage } from '../components/status-page.tsx';
import { useDomains } from '../hooks/use-domains.ts';
import { shownOrcid, signsInWithOrcidOnly } from '../data/oauth.ts';
import { useMyVerifiedOrcid } from '../hooks/use-oauth.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { MySubmissions } from '../components/contribute/my-submissions.tsx';
import { t, Trans } from '../i18n/index.ts';

/** docs/product.md#profile: who the user is, quick stats, account status, and the profile edited in place. */
export function ProfilePage() {
  usePageTitle(t('Profile'));
  const { user, profile, loading, userDataLoading, saveProfile } = useAuth();
  const identity = useUserIdentity();
  const domains = useDomains();
  const verifiedOrcid = useMyVerifiedOrcid(user?.id);

  if (loading || (user && (userDataLoading || !identity))) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={t('Loading profile')} />
      </Center>
    );
  }
  if (!user || !identity) {
    return (
      <StatusPage
        icon={<IconUserOff size={34} aria-hidden />}
        title={t('No user logged in')}
        action={{ href: '/auth/signin', label: t('Sign In') }}
      >
        {t('Sign in to see and edit your profile.')}
      </StatusPage>
    );
  }

  const domainNames = new Map((domains.data ?? []).map((domain) => [domain.slug, domain.name]));
  const interests = (profile?.research_interests ?? []).flatMap((slug) => {
    const name = domainNames.get(slug);
    return name ? [name] : [];
  });
  const publicPath = profile?.handle && profile.is_public ? publicProfilePath(profile.handle) : null;

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('Profile')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ProfileCard
              name={identity.name}
              initials={identity.initials}
              verified={profile?.verification_status === 'verified'}
              institution={profile?.institution ?? null}
              email={identity.email}
              bio={profile?.bio ?? null}
              interests={interests}
              orcid={shownOrcid(verifiedOrcid.data?.orcidId, profile?.orcid_id)}
            />
            <OrcidConnectionCard userId={user.id} onlyOrcid={signsInWithOrcidOnly(user.app_metadata)} />
            {publicPath && (
              <Text size="sm" ta="center">
                <Trans
                  id="Public profile: <0>{address}</0>"
                  values={{ address: publicPath }}
                  components={{ 0: <Anchor component={Link} href={publicPath} /> }}
                />
              </Text>
            )}
            {profile?.handle && !profile.is_public && (
              <Text size="sm" ta="center" c="dimmed">
                <Trans
                  id="Your profile is private. Turn on the public profile in <0>Settings → Privacy</0> to share it."
                  components={{ 0: <Anchor component={Link} href="/settings?tab=privacy" /> }}
                />
              </Text>
            )}
            <ProfileStatsCard userId={user.id} />
            <ProfileStatusCard
              emailVerified={user.email ? Boolean(user.email_confirmed_at) : null}
              profile={profile}
              saveProfile={saveProfile}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ProfileForm profile={profile} saveProfile={saveProfile} />
        </Grid.Col>
      </Grid>
      <MySubmissions />
    </Container>
  );
}
