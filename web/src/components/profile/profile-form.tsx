import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { publicProfilePath } from '@sciai/core';
import type { UserProfile, UserProfileUpdate } from '../../data/profile.ts';
import { useDomains } from '../../hooks/use-domains.ts';
import {
  profileFormRules,
  profileFormValues,
  profileSaveProblem,
  profileUpdateFrom,
  type ProfileFormValues,
} from './profile-form-values.ts';
import { t } from '../../i18n/index.ts';

interface ProfileFormProps {
  profile: UserProfile | null;
  saveProfile(changes: UserProfileUpdate): Promise<UserProfile>;
}

/** /profile's edit card (docs/product.md#profile-card). */
export function ProfileForm(props: ProfileFormProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('Edit profile')}
      </Title>
      <ProfileEditor {...props} />
    </Card>
  );
}

/**
 * Edit in place: names, handle, institution, ORCID iD, bio and research interests, saved with
 * the toasts of docs/product.md#profile-card. Shared by /profile and Settings → Profile.
 */
export function ProfileEditor({ profile, saveProfile }: ProfileFormProps) {
  const domains = useDomains();
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileFormValues(profile),
    validate: profileFormRules,
  });

  // The form starts from the stored profile once it has loaded (and after each save): only on a
  // new profile row, as the form object itself is new on every render.
  const resetForm = useEffectEvent((values: ProfileFormValues) => {
    form.setInitialValues(values);
    form.setValues(values);
  });
  useEffect(() => resetForm(profileFormValues(profile)), [profile]);

  const submit = form.onSubmit(async (values) => {
    setSaveFailure(null);
    try {
      await saveProfile(profileUpdateFrom(values));
      notifications.show({
        color: 'green',
        title: t('Profile updated successfully'),
        message: t('Your changes are saved.'),
      });
    } catch (error) {
      console.error('profile update failed', error);
      const problem = profileSaveProblem(error);
      setSaveFailure(problem);
      notifications.show({ color: 'red', title: t('Failed to update profile'), message: problem });
    }
  });

  const domainOptions = (domains.data ?? []).map((domain) => ({ value: domain.slug, label: domain.name }));
  const handle = form.values.handle.trim();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {saveFailure && (
          <Alert color="red" variant="light" title={t('Failed to save profile')} role="alert">
            {saveFailure === t('Failed to save profile') ? t('Please try again.') : saveFailure}
          </Alert>
        )}
        <TextInput
          label={t('Display name')}
          autoComplete="nickname"
          key={form.key('displayName')}
          {...form.getInputProps('displayName')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('First name')}
            autoComplete="given-name"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('Last name')}
            autoComplete="family-name"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('Handle')}
          description={
            handle && !form.errors.handle
              ? t('Your public profile: {address}', { address: publicProfilePath(handle) })
              : t('Gives your public profile its address, /u/your-handle')
          }
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          key={form.key('handle')}
          {...form.getInputProps('handle')}
        />
        <TextInput
          label={t('Institution')}
          autoComplete="organization"
          key={form.key('institution')}
          {...form.getInputProps('institution')}
        />
        <TextInput
          label="ORCID iD"
          placeholder="0000-0000-0000-0000"
          autoCapitalize="characters"
          spellCheck={false}
          key={form.key('orcid')}
          {...form.getInputProps('orcid')}
        />
        <MultiSelect
          label={t('Research interests')}
          placeholder={form.values.researchInterests.length === 0 ? t('Choose fields') : undefined}
          data={domainOptions}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('No such field')}
          comboboxProps={{ withinPortal: true }}
          key={form.key('researchInterests')}
          {...form.getInputProps('researchInterests')}
          disabled={!domains.data}
          error={domains.error ? t('Could not load the fields. Please try again later.') : undefined}
        />
        <Textarea
          label={t('Bio')}
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('bio')}
          {...form.getInputProps('bio')}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('Save changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
