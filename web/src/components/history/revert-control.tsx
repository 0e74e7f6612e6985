import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { historyFieldLabel } from '@sciai/core';
import { revertItemToVersion } from '../../data/item-history.ts';
import { currentLocale, t } from '../../i18n/index.ts';

/** Who may revert, as the item page knows it: an admin every field, the maintainer their own. */
export type RevertRight = 'admin' | 'maintainer';

const fieldList = (fields: string[]) =>
  fields.map((field) => t(historyFieldLabel(field)).toLocaleLowerCase(currentLocale())).join(', ');

/**
 * "Revert to this version" with a confirmation (docs/product.md#item-history). The revert is a
 * new version; a maintainer's leaves the fields they cannot edit without review as they are.
 */
export function RevertControl({
  contentId,
  title,
  version,
  right,
  onReverted,
}: {
  contentId: string;
  title: string;
  /** 0: the item as first published. */
  version: number;
  right: RevertRight;
  onReverted(): unknown;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = right === 'admin' ? t('Revert to this version') : t('Revert my fields to this version');

  const revert = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await revertItemToVersion(contentId, version);
      setOpen(false);
      onReverted();
      const kept = result.skipped.length
        ? ` ${t("Left as they are (a moderator's to change): {fields}.", { fields: fieldList(result.skipped) })}`
        : '';
      notifications.show({
        color: 'teal',
        title:
          result.version === null
            ? t('Nothing to revert')
            : version === 0
              ? t('Reverted to the item as first published')
              : t('Reverted to version {version}', { version }),
        message:
          result.version === null
            ? (version === 0
                ? t('The item already has the values of the item as first published.')
                : t('The item already has the values of version {version}.', { version })) + kept
            : t('Restored: {fields}. This is version {version}.', {
                fields: fieldList(result.restored),
                version: result.version,
              }) + kept,
      });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('The revert failed. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="light" color="orange" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('Revert “{title}”?', { title })} centered>
        <Stack gap="sm">
          <Text size="sm">
            {version === 0
              ? t(
                  'Every field changed since the item as first published gets the value it had then. The revert is recorded as a new version, so it can be undone the same way.',
                )
              : t(
                  'Every field changed since version {version} gets the value it had then. The revert is recorded as a new version, so it can be undone the same way.',
                  { version },
                )}
          </Text>
          {right === 'maintainer' && (
            <Text size="sm" c="dimmed">
              {t(
                'As the maintainer you revert the short description, description, key features and pricing; a change of name, website or repository goes through a moderator.',
              )}
            </Text>
          )}
          {error && (
            <Alert color="red" title={t('Not reverted')}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button color="orange" loading={busy} onClick={() => void revert()}>
              {t('Revert')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
