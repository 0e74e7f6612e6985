import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { fetchWaitlist } from '../../../data/admin-analytics.ts';
import { errorMessage } from '../../load-state.tsx';
import { waitlistCsv } from './waitlist-csv.ts';
import { t } from '../../../i18n/index.ts';

/** Downloads the whole waitlist as CSV (formula-safe cells). */
export function WaitlistExportButton() {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const rows = await fetchWaitlist();
      const url = URL.createObjectURL(new Blob([waitlistCsv(rows)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `waitlist-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      notifications.show({
        color: 'teal',
        title: t('Waitlist exported'),
        message: t('{count, plural, one {# sign-up} other {# sign-ups}}', { count: rows.length }),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Export failed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void exportCsv()}
    >
      {t('Export waitlist (CSV)')}
    </Button>
  );
}
