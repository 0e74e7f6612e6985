import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { historyFieldLabel } from '@sciai/core';
import { revertItemToVersion } from '../../data/item-history.ts';

/** Who may revert, as the item page knows it: an admin every field, the maintainer their own. */
export type RevertRight = 'admin' | 'maintainer';

const fieldList = (fields: string[]) => fields.map((field) => historyFieldLabel(field).toLowerCase()).join(', ');

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
  const target = version === 0 ? 'the item as first published' : `version ${version}`;
  const label = right === 'admin' ? 'Revert to this version' : 'Revert my fields to this version';

  const revert = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await revertItemToVersion(contentId, version);
      setOpen(false);
      onReverted();
      const kept = result.skipped.length
        ? ` Left as they are (a moderator's to change): ${fieldList(result.skipped)}.`
        : '';
      notifications.show({
        color: 'teal',
        title: result.version === null ? 'Nothing to revert' : `Reverted to ${target}`,
        message:
          result.version === null
            ? `The item already has the values of ${target}.${kept}`
            : `Restored: ${fieldList(result.restored)}. This is version ${result.version}.${kept}`,
      });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The revert failed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="light" color="orange" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Revert “${title}”?`} centered>
        <Stack gap="sm">
          <Text size="sm">
            Every field changed since {target} gets the value it had then. The revert is recorded as a new version, so
            it can be undone the same way.
          </Text>
          {right === 'maintainer' && (
            <Text size="sm" c="dimmed">
              As the maintainer you revert the short description, description, key features and pricing; a change of
              name, website or repository goes through a moderator.
            </Text>
          )}
          {error && (
            <Alert color="red" title="Not reverted">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="orange" loading={busy} onClick={() => void revert()}>
              Revert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
