import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { t } from '../../i18n/index.ts';

/** Offers the codes as a text file; nothing leaves the browser. */
function downloadCodes(codes: readonly string[]): void {
  const text = `SciAI backup codes\nEach code works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sciai-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten backup codes, shown once (only their hashes are stored). */
export function BackupCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Alert color="yellow" icon={<IconKey size={18} aria-hidden />} title={t('Save your backup codes')}>
      <Stack gap="sm">
        <Text size="sm">
          {t(
            'Each code signs you in once if you lose your authenticator app. They are shown only now: copy or download them and keep them somewhere safe.',
          )}
        </Text>
        <SimpleGrid
          cols={{ base: 2, xs: 2 }}
          spacing="xs"
          component="ul"
          aria-label={t('Backup codes')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" fz="sm">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy}>
                {copied ? t('Copied') : t('Copy codes')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => downloadCodes(codes)}
          >
            {t('Download codes')}
          </Button>
          <Button size="xs" onClick={onDone}>
            {t('I have saved my codes')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
