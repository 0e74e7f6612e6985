import { Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { SHORT_DESCRIPTION_MAX, SUBMISSION_TYPE_LABELS } from '@sciai/core';
import { KeyFeaturesField } from './key-features-field.tsx';
import type { StepProps } from './step-props.ts';
import { TypeFields } from './type-fields.tsx';
import { t } from '../../i18n/index.ts';

/** Step 2: descriptions, address, organisation, key features and the type's own fields. */
export function DetailsStep(props: StepProps) {
  const { draft, errors, onChange } = props;
  const length = draft.shortDescription.length;
  return (
    <Stack gap="md">
      <Textarea
        label={t('Short description')}
        withAsterisk
        autosize
        minRows={2}
        value={draft.shortDescription}
        error={errors.shortDescription}
        description={
          <Text span size="xs" c={length > SHORT_DESCRIPTION_MAX ? 'red' : 'dimmed'} aria-live="polite">
            {t('{length}/{max} characters', { length, max: SHORT_DESCRIPTION_MAX })}
          </Text>
        }
        onChange={(event) => onChange({ shortDescription: event.currentTarget.value })}
      />
      <Textarea
        label={t('Full description')}
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        value={draft.description}
        error={errors.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
      />
      <TextInput
        label="URL"
        type="url"
        placeholder="https://"
        value={draft.url}
        error={errors.url}
        onChange={(event) => onChange({ url: event.currentTarget.value })}
      />
      <TextInput
        label={t('Organization')}
        description={t('The company, lab or institution behind it.')}
        value={draft.organizationName}
        error={errors.organizationName}
        onChange={(event) => onChange({ organizationName: event.currentTarget.value })}
      />
      <KeyFeaturesField {...props} />
      <Title order={3} fz="md" mt="sm">
        {t('{type} details', { type: t(SUBMISSION_TYPE_LABELS[draft.contentType]) })}
      </Title>
      <TypeFields {...props} />
    </Stack>
  );
}
