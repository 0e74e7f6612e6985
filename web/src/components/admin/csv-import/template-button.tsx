import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { buildImportTemplate, type ImportType } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

/** Downloads `{type}_template.csv` (every column, one example row) from core's generator. */
export function TemplateButton({ type }: { type: ImportType }) {
  const download = () => {
    const template = buildImportTemplate(type);
    const url = URL.createObjectURL(new Blob([template.csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = template.fileName;
    link.click();
    // the click has started the download; the URL is no longer needed
    setTimeout(() => URL.revokeObjectURL(url), 0);
    notifications.show({ color: 'teal', title: t('Template Downloaded'), message: template.fileName });
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
      {t('Download Template')}
    </Button>
  );
}
