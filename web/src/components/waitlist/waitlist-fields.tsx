import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDomains } from '../../hooks/use-domains.ts';
import { WAITLIST_LIMITS, type WaitlistFormValues } from './waitlist-values.ts';
import classes from './waitlist-fields.module.css';
import { t } from '../../i18n/index.ts';

/** The inputs of the waitlist form (docs/product.md#waitlist); the modal owns submitting. */
export function WaitlistFields({ form }: { form: UseFormReturnType<WaitlistFormValues> }) {
  return (
    <>
      <TextInput
        label={t('Email')}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        // eslint-disable-next-line sciai/no-untranslated-text -- an e-mail address, the same in every language
        placeholder="you@university.edu"
        maxLength={WAITLIST_LIMITS.email}
        data-autofocus
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('First name')}
          autoComplete="given-name"
          maxLength={WAITLIST_LIMITS.name}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('Last name')}
          autoComplete="family-name"
          maxLength={WAITLIST_LIMITS.name}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <ResearchInterests form={form} />
      <TextInput
        label={t('How did you hear about us?')}
        placeholder={t('A colleague, a conference, a search…')}
        maxLength={WAITLIST_LIMITS.referralSource}
        {...form.getInputProps('referralSource')}
      />
      <Textarea
        label={t('Additional info')}
        placeholder={t('What would you like AI to help with in your research?')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={WAITLIST_LIMITS.additionalInfo}
        {...form.getInputProps('additionalInfo')}
      />
    </>
  );
}

/** docs/product.md#waitlist: the scientific domains as checkboxes, in a list at most 8rem tall; hidden when there are none. */
function ResearchInterests({ form }: { form: UseFormReturnType<WaitlistFormValues> }) {
  const { data: domains } = useDomains();
  if (!domains || domains.length === 0) return null;
  return (
    <Checkbox.Group label={t('Research interests')} {...form.getInputProps('researchInterests')}>
      <Stack gap="xs" className={classes.interests} data-testid="research-interests">
        {domains.map((domain) => (
          <Checkbox key={domain.id} value={domain.id} label={domain.name} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
