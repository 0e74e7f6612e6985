import { useAuth } from '../../auth/use-auth.ts';
import { ProfileEditor } from '../profile/profile-form.tsx';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

/** Settings → Profile: /profile's editor, the same fields and messages, saved the same way. */
export function ProfileSettings() {
  const { profile, saveProfile } = useAuth();
  return (
    <SettingsSection title={t('Profile')} description={t('How you appear on SciAI.')}>
      <ProfileEditor profile={profile} saveProfile={saveProfile} />
    </SettingsSection>
  );
}
