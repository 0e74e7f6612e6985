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

const starLabel = (index: number) => `${index} ${index === 1 ? 'star' : 'stars'}`;

/** The overall rating: five stars, each a labelled radio button (arrow keys move between them). */
export function RatingField({ form }: { form: UseFormReturnType<ReviewFormValues> }) {
  const props = form.getInputProps('rating');
  return (
    <Input.Wrapper label="Your rating" required error={props.error} labelElement="div" id="review-rating">
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
          label="How you engaged with it"
          required
          key={form.key('engagement')}
          {...form.getInputProps('engagement')}
        >
          <Stack gap={6} mt={6}>
            {ENGAGEMENTS.map((engagement) => (
              <Radio key={engagement} value={engagement} label={ENGAGEMENT_LABELS[engagement]} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <TextInput
          label="What you used it for"
          placeholder="e.g. Predicting protein–ligand binding"
          required
          maxLength={200}
          key={form.key('task')}
          {...form.getInputProps('task')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: isPaper ? 2 : 3 }} spacing="sm">
        <Select
          label="Field"
          placeholder="Choose a field"
          data={fieldOptions}
          searchable
          clearable
          nothingFoundMessage="No such field"
          comboboxProps={{ withinPortal: true }}
          key={form.key('field')}
          {...form.getInputProps('field')}
        />
        {!isPaper && (
          <Select
            label="Data size"
            placeholder="How much data"
            data={DATA_SIZES.map((size) => ({ value: size, label: DATA_SIZE_LABELS[size] }))}
            clearable
            comboboxProps={{ withinPortal: true }}
            key={form.key('dataSize')}
            {...form.getInputProps('dataSize')}
          />
        )}
        <TextInput
          label={isPaper ? 'When you read it' : 'When you used it'}
          type="date"
          key={form.key('usedOn')}
          {...form.getInputProps('usedOn')}
        />
      </SimpleGrid>
      {!isPaper && (
        <TextInput
          label="Version used"
          placeholder="e.g. 2.3.1"
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
    <Input.Wrapper label="Aspects (optional)" labelElement="div">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
        {REVIEW_ASPECTS.map((aspect) => (
          <Input.Wrapper key={aspect} label={REVIEW_ASPECT_LABELS[aspect]} labelElement="div" size="xs">
            <Rating
              name={`review-aspect-${aspect}`}
              getSymbolLabel={(index) => `${REVIEW_ASPECT_LABELS[aspect]}: ${starLabel(index)}`}
              value={form.values.aspects[aspect]}
              onChange={(value) => form.setFieldValue(`aspects.${aspect}`, value)}
            />
          </Input.Wrapper>
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
