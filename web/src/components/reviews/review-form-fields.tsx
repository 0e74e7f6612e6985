import { Input, Radio, Rating, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DATA_SIZE_LABELS,
  DATA_SIZES,
  ENGAGEMENT_LABELS,
  ENGAGEMENTS,
  REVIEW_ASPECT_LABELS,
  REVIEW_ASPECTS,
  type ContentType,
  type ReviewFormValues,
} from '@sciai/core';
import { useDomains } from '../../hooks/use-domains.ts';
import { t } from '../../i18n/index.ts';

const starLabel = (index: number) => t('{count, plural, one {# star} other {# stars}}', { count: index });

/** The overall rating: five stars, each a labelled radio button (arrow keys move between them). */
export function RatingField({ form }: { form: UseFormReturnType<ReviewFormValues> }) {
  const props = form.getInputProps('rating');
  return (
    <Input.Wrapper label={t('Your rating')} required error={props.error} labelElement="div" id="review-rating">
      <Rating
        size="lg"
        name="review-rating"
        getSymbolLabel={starLabel}
        value={form.values.rating}
        onChange={(value) => form.setFieldValue('rating', value)}
      />
    </Input.Wrapper>
  );
}

/** What the reviewer used the item for; for a paper, what they did with it instead. */
export function UsedForFields({
  form,
  contentType,
}: {
  form: UseFormReturnType<ReviewFormValues>;
  contentType: ContentType;
}) {
  const domains = useDomains();
  const fieldOptions = (domains.data ?? []).map((domain) => ({ value: domain.slug, label: domain.name }));
  const isPaper = contentType === 'paper';
  return (
    <Stack gap="sm">
      {isPaper ? (
        <Radio.Group
          label={t('How you engaged with it')}
          required
          key={form.key('engagement')}
          {...form.getInputProps('engagement')}
        >
          <Stack gap={6} mt={6}>
            {ENGAGEMENTS.map((engagement) => (
              <Radio key={engagement} value={engagement} label={t(ENGAGEMENT_LABELS[engagement])} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <TextInput
          label={t('What you used it for')}
          placeholder={t('e.g. Predicting protein–ligand binding')}
          required
          maxLength={200}
          key={form.key('task')}
          {...form.getInputProps('task')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: isPaper ? 2 : 3 }} spacing="sm">
        <Select
          label={t('Field')}
          placeholder={t('Choose a field')}
          data={fieldOptions}
          searchable
          clearable
          nothingFoundMessage={t('No such field')}
          comboboxProps={{ withinPortal: true }}
          key={form.key('field')}
          {...form.getInputProps('field')}
        />
        {!isPaper && (
          <Select
            label={t('Data size')}
            placeholder={t('How much data')}
            data={DATA_SIZES.map((size) => ({ value: size, label: t(DATA_SIZE_LABELS[size]) }))}
            clearable
            comboboxProps={{ withinPortal: true }}
            key={form.key('dataSize')}
            {...form.getInputProps('dataSize')}
          />
        )}
        <TextInput
          label={isPaper ? t('When you read it') : t('When you used it')}
          type="date"
          key={form.key('usedOn')}
          {...form.getInputProps('usedOn')}
        />
      </SimpleGrid>
      {!isPaper && (
        <TextInput
          label={t('Version used')}
          placeholder={t('e.g. {example}', { example: '2.3.1' })}
          maxLength={100}
          key={form.key('version')}
          {...form.getInputProps('version')}
        />
      )}
    </Stack>
  );
}

/** The optional aspect ratings, each its own labelled group of stars. */
export function AspectFields({ form }: { form: UseFormReturnType<ReviewFormValues> }) {
  return (
    <Input.Wrapper label={t('Aspects (optional)')} labelElement="div">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
        {REVIEW_ASPECTS.map((aspect) => (
          <Input.Wrapper key={aspect} label={t(REVIEW_ASPECT_LABELS[aspect])} labelElement="div" size="xs">
            <Rating
              name={`review-aspect-${aspect}`}
              getSymbolLabel={(index) => `${t(REVIEW_ASPECT_LABELS[aspect])}: ${starLabel(index)}`}
              value={form.values.aspects[aspect]}
              onChange={(value) => form.setFieldValue(`aspects.${aspect}`, value)}
            />
          </Input.Wrapper>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
