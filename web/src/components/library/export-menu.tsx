import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, exportLibrary, type ExportFormat, type ExportItem } from '@sciai/core';
import { t } from '../../i18n/index.ts';

/** Hands a generated file to the browser as a download. */
function downloadFile(filename: string, mimeType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Export button: the items in view (current tab and search) as CSV, JSON, BibTeX or RIS. */
export function ExportMenu({ items }: { items: ReadonlyArray<ExportItem> }) {
  const run = (format: ExportFormat) => {
    const file = exportLibrary(format, items, new Date());
    downloadFile(file.filename, file.mimeType, file.content);
    notifications.show({
      closeButtonProps: { 'aria-label': t('Close notification') },
      color: 'green',
      message: t('{count, plural, one {Exported # item as {format}} other {Exported # items as {format}}}', {
        count: items.length,
        format: EXPORT_FORMAT_LABELS[format],
      }),
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={items.length === 0}
        >
          {t('Export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t('{count, plural, one {Export # item as} other {Export # items as}}', { count: items.length })}
        </Menu.Label>
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => run(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
