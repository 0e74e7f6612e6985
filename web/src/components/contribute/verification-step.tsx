import { Radio, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { RELATIONSHIP_LABELS, RELATIONSHIPS, VERIFICATION_DETAILS_MAX, type Relationship } from '@sciai/core';
import type { StepProps } from './step-props.ts';
import { t } from '../../i18n/index.ts';

const isRelationship = (value: string): value is Relationship => RELATIONSHIPS.some((r) => r === value);

/** Step 3: how the contributor knows this content, and how a moderator can check it. */
export function VerificationStep({ draft, errors, onChange }: StepProps) {
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('Your relationship to this content')}
        withAsterisk
        value={draft.relationship}
        error={errors.relationship}
        onChange={(value) => {
          if (isRelationship(value)) onChange({ relationship: value });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
          {RELATIONSHIPS.map((relationship) => (
            <Radio key={relationship} value={relationship} label={t(RELATIONSHIP_LABELS[relationship])} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Textarea
        label={t('Verification details')}
        description={t('Anything that helps us confirm it: a publication, a repository you maintain, your role.')}
        autosize
        minRows={3}
        maxLength={VERIFICATION_DETAILS_MAX}
        value={draft.verificationDetails}
        error={errors.verificationDetails}
        onChange={(event) => onChange({ verificationDetails: event.currentTarget.value })}
      />
    </Stack>
  );
}
