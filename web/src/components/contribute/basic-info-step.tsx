import { Alert, Checkbox, Loader, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CONTENT_TYPES, SUBMISSION_TYPE_LABELS, TITLE_MAX, type ContentType } from '@sciai/core';
import { useDomains } from '../../hooks/use-domains.ts';
import type { StepProps } from './step-props.ts';
import { t } from '../../i18n/index.ts';

const isContentType = (value: string): value is ContentType => CONTENT_TYPES.some((type) => type === value);

/** Step 1: what kind of content, its title, and its scientific domains (from the database). */
export function BasicInfoStep({ draft, errors, onChange }: StepProps) {
  const domains = useDomains();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('Content type')}
        withAsterisk
        value={draft.contentType}
        onChange={(value) => {
          if (isContentType(value)) onChange({ contentType: value });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {CONTENT_TYPES.map((type) => (
            <Radio key={type} value={type} label={t(SUBMISSION_TYPE_LABELS[type])} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <TextInput
        label={t('Title')}
        withAsterisk
        maxLength={TITLE_MAX}
        value={draft.title}
        error={errors.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      {domains.error ? (
        <Alert color="red" title={t('Could not load the scientific domains')}>
          {domains.error instanceof Error ? domains.error.message : t('Please try again.')}
        </Alert>
      ) : !domains.data ? (
        <Loader size="sm" role="status" aria-label={t('Loading scientific domains')} />
      ) : (
        <Checkbox.Group
          label={t('Scientific domains')}
          description={t('Choose at least one; the first you pick is the primary domain.')}
          withAsterisk
          value={draft.domains}
          error={errors.domains ?? errors['domains.0']}
          onChange={(value) =>
            onChange({
              domains: [
                ...draft.domains.filter((id) => value.includes(id)),
                ...value.filter((id) => !draft.domains.includes(id)),
              ],
            })
          }
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
            {domains.data.map((domain) => (
              <Checkbox key={domain.id} value={domain.id} label={domain.name} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
