import { useEffect } from 'react';
import { Avatar, Badge, Button, Card, Center, Container, Grid, Group, Loader, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconClock, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { profileStatusLabel } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';
import { useUserIdentity } from '../auth/use-user-identity.ts';
import type { UserProfile } from '../data/profile.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';

interface ProfileFormValues {
  displayName: string;
  firstName: string;
  lastName: string;
  institution: string;
  bio: string;
}

function formValues(profile: UserProfile | null): ProfileFormValues {
  return {
    displayName: profile?.display_name ?? '',
    firstName: profile?.first_name ?? '',
    lastName: profile?.last_name ?? '',
    institution: profile?.institution ?? '',
    bio: profile?.bio ?? '',
  };
}

/** Blank after trimming is stored as null. */
const orNull = (value: string) => value.trim() || null;

/** Spec 2.8 (a first cut): who the user is, the account status, and an edit form. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { user, profile, userDataLoading, saveProfile } = useAuth();
  const identity = useUserIdentity();

  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: formValues(profile),
    validate: {
      displayName: (value) => (value.trim().length > 100 ? 'At most 100 characters' : null),
      firstName: (value) => (value.trim().length > 100 ? 'At most 100 characters' : null),
      lastName: (value) => (value.trim().length > 100 ? 'At most 100 characters' : null),
      institution: (value) => (value.trim().length > 200 ? 'At most 200 characters' : null),
      bio: (value) => (value.trim().length > 2000 ? 'At most 2000 characters' : null),
    },
  });

  // The form starts from the stored profile once it has loaded (and after each save).
  // (Only on a new profile row: the form's setters are not stable between renders.)
  useEffect(() => {
    const values = formValues(profile);
    form.setInitialValues(values);
    form.setValues(values);
  }, [profile]);

  if (!user || !identity || userDataLoading) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }

  const submit = form.onSubmit(async (values) => {
    try {
      await saveProfile({
        display_name: orNull(values.displayName),
        first_name: orNull(values.firstName),
        last_name: orNull(values.lastName),
        institution: orNull(values.institution),
        bio: orNull(values.bio),
      });
      notifications.show({ color: 'green', title: 'Profile updated successfully', message: 'Your changes are saved.' });
    } catch (error) {
      console.error('profile update failed', error);
      notifications.show({ color: 'red', title: 'Failed to update profile', message: 'Please try again.' });
    }
  });

  const emailVerified = Boolean(user.email_confirmed_at);
  const status = profileStatusLabel(profile?.verification_status);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Profile
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack align="center" gap="xs" ta="center">
                <Avatar color="initials" name={identity.name} size={88} radius="50%" aria-hidden>
                  <Text fz={32} fw={700} inherit>
                    {identity.initials}
                  </Text>
                </Avatar>
                <Group gap={6} justify="center" wrap="nowrap">
                  <Title order={2} fz="xl">
                    {identity.name}
                  </Title>
                  {status === 'Verified' && (
                    <IconRosetteDiscountCheck size={20} color="var(--mantine-primary-color-filled)" aria-label="Verified" />
                  )}
                </Group>
                {profile?.institution && <Text c="dimmed">{profile.institution}</Text>}
                <Text size="sm">{identity.email}</Text>
                {profile?.bio && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                    {profile.bio}
                  </Text>
                )}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="lg" mb="sm">
                Account status
              </Title>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text size="sm">Email</Text>
                  {emailVerified ? (
                    <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
                      Verified
                    </Badge>
                  ) : (
                    <Badge color="yellow" variant="light" leftSection={<IconClock size={14} aria-hidden />}>
                      Pending
                    </Badge>
                  )}
                </Group>
                <Group justify="space-between">
                  <Text size="sm">Profile status</Text>
                  <Badge color={status === 'Verified' ? 'green' : status === 'Under Review' ? 'yellow' : 'gray'} variant="light">
                    {status}
                  </Badge>
                </Group>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="md">
              Edit profile
            </Title>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput label="Display name" autoComplete="nickname" key={form.key('displayName')} {...form.getInputProps('displayName')} />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput label="First name" autoComplete="given-name" key={form.key('firstName')} {...form.getInputProps('firstName')} />
                  <TextInput label="Last name" autoComplete="family-name" key={form.key('lastName')} {...form.getInputProps('lastName')} />
                </SimpleGrid>
                <TextInput label="Institution" autoComplete="organization" key={form.key('institution')} {...form.getInputProps('institution')} />
                <Textarea label="Bio" autosize minRows={3} maxRows={8} key={form.key('bio')} {...form.getInputProps('bio')} />
                <Group justify="flex-end">
                  <Button type="button" variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={form.submitting}>
                    Save changes
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
