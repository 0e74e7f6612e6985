import { useEffect } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useAuth } from '../../auth/use-auth.ts';
import type { UserProfile } from '../../data/profile.ts';
import { SettingsSection } from './settings-section.tsx';

interface ProfileValues {
  displayName: string;
  firstName: string;
  lastName: string;
  institution: string;
  bio: string;
}

function valuesOf(profile: UserProfile | null): ProfileValues {
  return {
    displayName: profile?.display_name ?? '',
    firstName: profile?.first_name ?? '',
    lastName: profile?.last_name ?? '',
    institution: profile?.institution ?? '',
    bio: profile?.bio ?? '',
  };
}

const orNull = (value: string) => value.trim() || null;
const atMost = (limit: number) => (value: string) => (value.trim().length > limit ? `At most ${limit} characters` : null);

/** Settings → Profile: the same fields and messages as /profile's edit form, saved the same way. */
export function ProfileSettings() {
  const { profile, saveProfile } = useAuth();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: valuesOf(profile),
    validate: { displayName: atMost(100), firstName: atMost(100), lastName: atMost(100), institution: atMost(200), bio: atMost(2000) },
  });

  // Start from the stored profile, again after each save (the form's setters are not stable).
  useEffect(() => {
    const values = valuesOf(profile);
    form.setInitialValues(values);
    form.setValues(values);
  }, [profile]);

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

  return (
    <SettingsSection title="Profile" description="How you appear on SciAI.">
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
    </SettingsSection>
  );
}
