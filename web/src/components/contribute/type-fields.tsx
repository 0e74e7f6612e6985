import { Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  INTERACTION_MODE_LABELS,
  SUBMISSION_EMPLOYEE_RANGES,
  SUBMISSION_FUNDING_STAGES,
  SUBMISSION_INTERACTION_MODES,
  SUBMISSION_PRICING_MODELS,
} from '@sciai/core';
import type { StepProps } from './step-props.ts';
import { t } from '../../i18n/index.ts';

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The fields of the chosen content type (docs/product.md#contribute): software, paper, company or agent. */
export function TypeFields({ draft, errors, onChange }: StepProps) {
  switch (draft.contentType) {
    case 'software': {
      const s = draft.software;
      const set = (patch: Partial<typeof s>) => onChange({ software: { ...s, ...patch } });
      return (
        <Stack gap="md">
          <Select
            label={t('Pricing model')}
            clearable
            data={SUBMISSION_PRICING_MODELS.map((value) => ({ value, label: capitalize(value) }))}
            value={s.pricingModel || null}
            error={errors['software.pricingModel']}
            onChange={(value) => set({ pricingModel: value ?? '' })}
          />
          <TextInput
            label="GitHub URL"
            type="url"
            placeholder="https://github.com/"
            value={s.githubUrl}
            error={errors['software.githubUrl']}
            onChange={(event) => set({ githubUrl: event.currentTarget.value })}
          />
          <TextInput
            label={t('License')}
            description={t('Its SPDX identifier, e.g. MIT or Apache-2.0: whether it is open source follows from it')}
            placeholder="MIT"
            value={s.license}
            error={errors['software.license']}
            onChange={(event) => set({ license: event.currentTarget.value })}
          />
          <FirstReleaseInput
            value={s.firstRelease}
            error={errors['software.firstRelease']}
            onChange={(firstRelease) => set({ firstRelease })}
          />
          {/* apart from the code's licence, which says nothing of a model's weights (docs/product.md#facts) */}
          <TextInput
            label={t('Weights license')}
            description={t(
              "For a model whose weights are released: their licence, if it differs from the code's or is stated apart",
            )}
            // eslint-disable-next-line sciai/no-untranslated-text -- an SPDX identifier, the same in every language
            placeholder="CC-BY-NC-4.0"
            value={s.weightsLicense}
            error={errors['software.weightsLicense']}
            onChange={(event) => set({ weightsLicense: event.currentTarget.value })}
          />
          <AvailabilitySelect
            value={s.availability}
            error={errors['software.availability']}
            onChange={(availability) => set({ availability })}
          />
          <Switch
            label={t('API available')}
            checked={s.apiAvailable}
            onChange={(event) => set({ apiAvailable: event.currentTarget.checked })}
          />
        </Stack>
      );
    }
    case 'paper': {
      const p = draft.paper;
      const set = (patch: Partial<typeof p>) => onChange({ paper: { ...p, ...patch } });
      return (
        <Stack gap="md">
          <TextInput
            label="DOI"
            placeholder="10.1038/s41586-021-03819-2"
            value={p.doi}
            error={errors['paper.doi']}
            onChange={(event) => set({ doi: event.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('Journal')}
              value={p.journal}
              error={errors['paper.journal']}
              onChange={(event) => set({ journal: event.currentTarget.value })}
            />
            <TextInput
              label={t('Year')}
              inputMode="numeric"
              value={p.year}
              error={errors['paper.year']}
              onChange={(event) => set({ year: event.currentTarget.value })}
            />
          </SimpleGrid>
          <TagsInput
            label={t('Authors')}
            description={t('Press Enter after each name; the order is kept.')}
            value={p.authors}
            error={errors['paper.authors'] ?? errors['paper.authors.0']}
            onChange={(authors) => set({ authors })}
          />
        </Stack>
      );
    }
    case 'company': {
      const c = draft.company;
      const set = (patch: Partial<typeof c>) => onChange({ company: { ...c, ...patch } });
      return (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('Funding stage')}
            clearable
            data={[...SUBMISSION_FUNDING_STAGES]}
            value={c.fundingStage || null}
            error={errors['company.fundingStage']}
            onChange={(value) => set({ fundingStage: value ?? '' })}
          />
          <Select
            label={t('Employee count')}
            clearable
            data={[...SUBMISSION_EMPLOYEE_RANGES]}
            value={c.employeeCount || null}
            error={errors['company.employeeCount']}
            onChange={(value) => set({ employeeCount: value ?? '' })}
          />
          {/* facts that change say when they were true and where they were read (docs/product.md#facts) */}
          <TextInput
            label={t('Funding stage as of')}
            type="date"
            value={c.fundingStageAsOf}
            error={errors['company.fundingStageAsOf']}
            onChange={(event) => set({ fundingStageAsOf: event.currentTarget.value })}
          />
          <TextInput
            label={t('Employee count as of')}
            type="date"
            value={c.employeeCountAsOf}
            error={errors['company.employeeCountAsOf']}
            onChange={(event) => set({ employeeCountAsOf: event.currentTarget.value })}
          />
          <TextInput
            label={t('Funding stage source')}
            type="url"
            placeholder="https://"
            value={c.fundingStageSource}
            error={errors['company.fundingStageSource']}
            onChange={(event) => set({ fundingStageSource: event.currentTarget.value })}
          />
          <TextInput
            label={t('Employee count source')}
            type="url"
            placeholder="https://"
            value={c.employeeCountSource}
            error={errors['company.employeeCountSource']}
            onChange={(event) => set({ employeeCountSource: event.currentTarget.value })}
          />
        </SimpleGrid>
      );
    }
    case 'agent': {
      const a = draft.agent;
      const set = (patch: Partial<typeof a>) => onChange({ agent: { ...a, ...patch } });
      return (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('Model type')}
              placeholder={t('e.g. LLM')}
              value={a.modelType}
              error={errors['agent.modelType']}
              onChange={(event) => set({ modelType: event.currentTarget.value })}
            />
            <Select
              label={t('Interaction mode')}
              clearable
              data={SUBMISSION_INTERACTION_MODES.map((value) => ({ value, label: t(INTERACTION_MODE_LABELS[value]) }))}
              value={a.interactionMode || null}
              error={errors['agent.interactionMode']}
              onChange={(value) => set({ interactionMode: value ?? '' })}
            />
          </SimpleGrid>
          <TagsInput
            label={t('Capabilities')}
            description={t('Press Enter after each capability.')}
            value={a.capabilities}
            error={errors['agent.capabilities']}
            onChange={(capabilities) => set({ capabilities })}
          />
          <FirstReleaseInput
            value={a.firstRelease}
            error={errors['agent.firstRelease']}
            onChange={(firstRelease) => set({ firstRelease })}
          />
          <AvailabilitySelect
            value={a.availability}
            error={errors['agent.availability']}
            onChange={(availability) => set({ availability })}
          />
        </Stack>
      );
    }
  }
}

/** docs/product.md#facts: how it can be had, if known; left empty, the page says nothing of it. */
function AvailabilitySelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label={t('Availability')}
      description={t('How anyone can get it: open to download, through an API only, by waitlist, or commercially')}
      clearable
      data={AVAILABILITIES.map((option) => ({ value: option, label: t(AVAILABILITY_LABELS[option]) }))}
      value={value || null}
      error={error}
      onChange={(option) => onChange(option ?? '')}
    />
  );
}

/** docs/product.md#contribute: when it first came out, as precisely as known; never the submission's date. */
function FirstReleaseInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={t('First release')}
      description={t('The year, or year and month, it was first released (YYYY, YYYY-MM or YYYY-MM-DD)')}
      placeholder="2021"
      inputMode="numeric"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
