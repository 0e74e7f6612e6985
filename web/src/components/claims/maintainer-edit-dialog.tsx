import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PRICING_MODELS } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import {
  FACT_FIELD_LABELS,
  SENSITIVE_FACT_FIELDS,
  updateMaintainedItem,
  type FactChanges,
  type FactField,
} from '../../data/item-maintenance.ts';
import { errorMessage } from '../load-state.tsx';
import { pricingLabel } from '../detail/detail-labels.ts';
import { t } from '../../i18n/index.ts';

interface Draft {
  title: string;
  url: string;
  github_url: string;
  short_description: string;
  description: string;
  key_features: string;
  pricing_model: string;
}

function draftOf(item: ItemDetail): Draft {
  return {
    title: item.title,
    url: item.url ?? '',
    github_url: item.software?.github_url ?? '',
    short_description: item.short_description,
    description: item.description,
    key_features: item.key_features.join('\n'),
    pricing_model: item.software?.pricing_model ?? '',
  };
}

/** Only what the maintainer changed, in the shape maintainer_update_item takes. */
function changesOf(before: Draft, after: Draft): FactChanges {
  const changes: FactChanges = {};
  for (const field of Object.keys(after) as FactField[]) {
    if (after[field].trim() === before[field].trim()) continue;
    changes[field] =
      field === 'key_features'
        ? after.key_features
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : after[field].trim();
  }
  return changes;
}

export interface MaintainerEditDialogProps {
  item: ItemDetail;
  opened: boolean;
  onClose(): void;
  /** After a save: the fields applied and those waiting for a moderator. */
  onSaved(result: { applied: FactField[]; pending: FactField[] }): void;
}

/** The maintainer's form: descriptions, features and pricing apply at once; name, website and repository wait. */
export function MaintainerEditDialog({ item, opened, onClose, onSaved }: MaintainerEditDialogProps) {
  const [initial] = useState(() => draftOf(item));
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const isSoftware = item.content_type === 'software';
  const waits = (field: FactField) =>
    SENSITIVE_FACT_FIELDS.has(field) ? t('A moderator checks this change first.') : undefined;

  const save = async () => {
    const changes = changesOf(initial, draft);
    if (Object.keys(changes).length === 0) return setError(t('Nothing changed yet.'));
    setBusy(true);
    setError(null);
    try {
      onSaved(await updateMaintainedItem(item.id, changes));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('Edit this item’s facts')} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(
              'Every change is recorded on the item with your name. The name, website and repository change once a moderator has checked them.',
            )}
          </Text>
          <TextInput
            label={FACT_FIELD_LABELS.title}
            description={waits('title')}
            maxLength={300}
            value={draft.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
          />
          <TextInput
            label={FACT_FIELD_LABELS.url}
            description={waits('url')}
            type="url"
            maxLength={2000}
            value={draft.url}
            onChange={(e) => set('url')(e.currentTarget.value)}
          />
          {isSoftware && (
            <TextInput
              label={FACT_FIELD_LABELS.github_url}
              description={waits('github_url')}
              type="url"
              placeholder="https://github.com/owner/name"
              value={draft.github_url}
              onChange={(e) => set('github_url')(e.currentTarget.value)}
            />
          )}
          <TextInput
            label={FACT_FIELD_LABELS.short_description}
            maxLength={300}
            value={draft.short_description}
            onChange={(e) => set('short_description')(e.currentTarget.value)}
          />
          <Textarea
            label={FACT_FIELD_LABELS.description}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={20000}
            value={draft.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
          />
          <Textarea
            label={FACT_FIELD_LABELS.key_features}
            description={t('One per line, at most 20.')}
            autosize
            minRows={3}
            value={draft.key_features}
            onChange={(e) => set('key_features')(e.currentTarget.value)}
          />
          {isSoftware && (
            <Select
              label={FACT_FIELD_LABELS.pricing_model}
              data={PRICING_MODELS.map((value) => ({ value, label: pricingLabel(value) ?? value }))}
              value={draft.pricing_model || null}
              onChange={(value) => set('pricing_model')(value ?? '')}
              allowDeselect={false}
            />
          )}
          {error && (
            <Alert color="red" role="alert" title={t('Not saved')}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('Save changes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
