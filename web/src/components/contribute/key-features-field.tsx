import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { KEY_FEATURE_MAX_LENGTH, KEY_FEATURES_MAX } from '@sciai/core';
import type { StepProps } from './step-props.ts';
import { t } from '../../i18n/index.ts';

/** Key-feature rows: add and remove; empty rows are dropped at review (docs/product.md#contribute). */
export function KeyFeaturesField({ draft, errors, onChange }: StepProps) {
  const rows = draft.keyFeatures;
  const setRow = (index: number, value: string) =>
    onChange({ keyFeatures: rows.map((row, i) => (i === index ? value : row)) });
  return (
    <Input.Wrapper label={t('Key features')} description={t('One feature per row.')} error={errors.keyFeatures}>
      <Stack gap="xs" mt="xs">
        {rows.map((row, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t('Key feature {number}', { number: index + 1 })}
              style={{ flex: 1 }}
              maxLength={KEY_FEATURE_MAX_LENGTH}
              value={row}
              error={errors[`keyFeatures.${index}`]}
              onChange={(event) => setRow(index, event.currentTarget.value)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('Remove key feature {number}', { number: index + 1 })}
              disabled={rows.length === 1}
              onClick={() => onChange({ keyFeatures: rows.filter((_, i) => i !== index) })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= KEY_FEATURES_MAX}
            onClick={() => onChange({ keyFeatures: [...rows, ''] })}
          >
            {t('Add feature')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
