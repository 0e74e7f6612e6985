import { Group, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ThemePreferenceSchema } from '@sciai/core';
import { useThemePreference } from '../../hooks/use-theme-preference.ts';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

/** Settings → Appearance: Light, Dark or System, saved to the account for every device. */
export function AppearanceSettings() {
  const { preference, choose } = useThemePreference();

  const change = async (value: string) => {
    const parsed = ThemePreferenceSchema.safeParse(value);
    if (!parsed.success) return;
    try {
      await choose(parsed.data);
      notifications.show({
        color: 'green',
        title: t('Theme saved'),
        message: t('Your devices will use this theme when you sign in.'),
      });
    } catch (error) {
      console.error('theme preference save failed', error);
      notifications.show({
        color: 'red',
        title: t('Failed to save theme'),
        message: t('The theme applies here but was not saved to your account.'),
      });
    }
  };

  return (
    <SettingsSection
      title={t('Appearance')}
      description={t('Saved to your account and applied on every device you sign in on.')}
    >
      <Radio.Group label={t('Theme')} value={preference} onChange={(value) => void change(value)}>
        <Stack gap="xs" mt="xs">
          <Group gap="lg">
            <Radio value="light" label={t('Light')} />
            <Radio value="dark" label={t('Dark')} />
            <Radio value="system" label={t('System')} description={t("Follows your device's setting")} />
          </Group>
        </Stack>
      </Radio.Group>
    </SettingsSection>
  );
}
