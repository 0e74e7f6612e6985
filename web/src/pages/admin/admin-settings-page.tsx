import { useState } from 'react';
import { Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { errorMessage, LoadState } from '../../components/load-state.tsx';
import type { SiteSetting } from '../../data/admin-settings.ts';
import { useAdminSettings, useSaveSiteSetting } from '../../hooks/use-admin-settings.ts';

/** Labels for the known settings; any other boolean setting shows under its key. */
const LABELS: Record<string, string> = {
  sample_data_banner: 'Sample data banner',
  registration_open: 'Registration open',
  require_email_verification: 'Require e-mail verification',
  require_admin_2fa: 'Require two-factor authentication for admins',
};

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
        title: 'Setting saved',
        message: `${LABELS[setting.key] ?? setting.key}: ${enabled ? 'on' : 'off'}`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not save the setting', message: errorMessage(error) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <AdminLayout title="Site Settings" description="Changes apply at once and are recorded in the activity log.">
      <LoadState data={settings.data} error={settings.error} what="the settings" retry={() => void settings.mutate()}>
        {(data) => (
          <Paper withBorder radius="md" p="md">
            <Stack gap="lg">
              {data.map((setting) => (
                <Switch
                  key={setting.key}
                  label={LABELS[setting.key] ?? setting.key}
                  description={setting.description}
                  checked={setting.enabled}
                  disabled={saving !== null}
                  onChange={(event) => void toggle(setting, event.currentTarget.checked)}
                />
              ))}
              {data.length === 0 && <Text c="dimmed">No settings.</Text>}
            </Stack>
          </Paper>
        )}
      </LoadState>
    </AdminLayout>
  );
}
