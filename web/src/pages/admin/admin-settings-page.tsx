import { useState } from 'react';
import { Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { errorMessage, LoadState } from '../../components/load-state.tsx';
import type { SiteSetting } from '../../data/admin-settings.ts';
import { useAdminSettings, useSaveSiteSetting } from '../../hooks/use-admin-settings.ts';
import { msg, t } from '../../i18n/index.ts';

/** Labels for the known settings; any other boolean setting shows under its key. */
const LABELS: Record<string, string> = {
  sample_data_banner: msg('Sample data banner'),
  registration_open: msg('Registration open'),
  require_email_verification: msg('Require e-mail verification'),
  require_admin_2fa: msg('Require two-factor authentication for admins'),
};
const labelOf = (key: string) => (LABELS[key] ? t(LABELS[key]) : key);

/** /admin/settings: the site settings, one switch each, saved at once and logged. */
export function AdminSettingsPage() {
  const settings = useAdminSettings();
  const saveSetting = useSaveSiteSetting();
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (setting: SiteSetting, enabled: boolean) => {
    setSaving(setting.key);
    try {
      await saveSetting(setting.key, enabled);
      notifications.show({
        color: 'teal',
        title: t('Setting saved'),
        message: enabled
          ? t('{setting}: on', { setting: labelOf(setting.key) })
          : t('{setting}: off', { setting: labelOf(setting.key) }),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Could not save the setting'), message: errorMessage(error) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <AdminLayout
      title={t('Site Settings')}
      description={t('Changes apply at once and are recorded in the activity log.')}
    >
      <LoadState
        data={settings.data}
        error={settings.error}
        what={t('the settings')}
        retry={() => void settings.mutate()}
      >
        {(data) => (
          <Paper withBorder radius="md" p="md">
            <Stack gap="lg">
              {data.map((setting) => (
                <Switch
                  key={setting.key}
                  label={labelOf(setting.key)}
                  description={setting.description}
                  checked={setting.enabled}
                  disabled={saving !== null}
                  onChange={(event) => void toggle(setting, event.currentTarget.checked)}
                />
              ))}
              {data.length === 0 && <Text c="dimmed">{t('No settings.')}</Text>}
            </Stack>
          </Paper>
        )}
      </LoadState>
    </AdminLayout>
  );
}
