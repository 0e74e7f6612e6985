import { Group, Radio } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LOCALE_INFO, LOCALES, isLocale } from '@sciai/core';
import { openPageIn, useSaveLanguage } from '../../hooks/use-language-preference.ts';
import { pageLocale, t } from '../../i18n/index.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Settings → Appearance → Language: saved to the account (every sign-in opens in it), then the
 * page loads in it. Each language is named in itself, as the header's select does.
 */
export function LanguageSettings() {
  const saveLanguage = useSaveLanguage();

  const change = async (value: string) => {
    if (!isLocale(value) || value === pageLocale) return;
    try {
      await saveLanguage(value);
    } catch (error) {
      console.error('language preference save failed', error);
      notifications.show({
        color: 'red',
        title: t('Failed to save language'),
        message: t('The language was not saved to your account. Please try again.'),
      });
      return;
    }
    openPageIn(value);
  };

  return (
    <SettingsSection
      title={t('Language')}
      description={t('Saved to your account: pages open in it each time you sign in.')}
    >
      <Radio.Group label={t('Interface language')} value={pageLocale} onChange={(value) => void change(value)}>
        <Group gap="lg" mt="xs">
          {LOCALES.map((locale) => (
            <Radio key={locale} value={locale} label={LOCALE_INFO[locale].name} lang={LOCALE_INFO[locale].tag} />
          ))}
        </Group>
      </Radio.Group>
    </SettingsSection>
  );
}
