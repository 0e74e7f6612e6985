import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLocation, useSearch } from 'wouter';
import {
  TITLE_MAX,
  toSubmissionRow,
  validateStep,
  WIZARD_STEPS,
  type SubmissionDraft,
  type WizardStep,
} from '@sciai/core';
import { useSubmitContribution } from '../../hooks/use-my-submissions.ts';
import { useSubmissionDraft } from '../../hooks/use-submission-draft.ts';
import { BasicInfoStep } from './basic-info-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { useEditRequest } from './use-edit-request.ts';
import { VerificationStep } from './verification-step.tsx';
import { t } from '../../i18n/index.ts';

const LAST_STEP: WizardStep = 3;

/** docs/product.md#contribute: the four-step contribution wizard; the draft lives in localStorage per user. */
export function ContributeWizard({ userId }: { userId: string }) {
  const { progress, setProgress, reset } = useSubmissionDraft(userId);
  const { draft, step, editing } = progress;
  const [attempted, setAttempted] = useState<ReadonlySet<WizardStep>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const submitRow = useSubmitContribution(userId);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const editId = params.get('edit');
  // docs/product.md#browse-empty: 'Suggest this tool' opens the wizard with the search as the name
  const suggestedName = editId ? null : params.get('name');
  const editRequest = useEditRequest(editId, editing, (loaded) => {
    setProgress({ draft: loaded, step: 0, editing: editId });
    setAttempted(new Set());
    navigate('/contribute', { replace: true });
  });

  useEffect(() => {
    if (suggestedName === null) return;
    const title = suggestedName.trim().slice(0, TITLE_MAX);
    if (title) setProgress((p) => ({ ...p, draft: { ...p.draft, title }, step: 0 }));
    navigate('/contribute', { replace: true });
  }, [suggestedName, setProgress, navigate]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const errors = attempted.has(step) ? validateStep(draft, step) : {};
  const change = (patch: Partial<SubmissionDraft>) => setProgress((p) => ({ ...p, draft: { ...p.draft, ...patch } }));
  const goTo = (next: WizardStep) => setProgress((p) => ({ ...p, step: next }));

  const next = () => {
    if (Object.keys(validateStep(draft, step)).length > 0) {
      setAttempted((shown) => new Set(shown).add(step));
      return;
    }
    if (step < LAST_STEP) goTo((step + 1) as WizardStep);
  };
  const previous = () => {
    if (step > 0) goTo((step - 1) as WizardStep);
  };

  const submit = async () => {
    const result = toSubmissionRow(draft);
    if (!result.ok) {
      setAttempted((shown) => new Set(shown).add(result.step));
      goTo(result.step);
      return;
    }
    setSubmitting(true);
    try {
      await submitRow(result.row, editing);
      notifications.show({
        color: 'green',
        title: t('Contribution submitted'),
        message: t("Contribution submitted successfully! We'll review it and get back to you."),
      });
      reset();
      setAttempted(new Set());
    } catch (error) {
      console.error('contribution_failure', error);
      notifications.show({
        color: 'red',
        // only a stored submission is thanked: a failure says it failed, and what to do
        title: t('Your submission could not be sent'),
        message: t('Nothing was stored ({reason}). Your draft is kept; please try again.', {
          reason: error instanceof Error ? error.message : t('unknown error'),
        }),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const row = step === LAST_STEP ? toSubmissionRow(draft) : null;
  // A restored draft can sit on the review step while an earlier step is no longer valid: the
  // wizard moves there, with its errors shown, before anything is drawn (hence not in an effect).
  const invalidStep = row && !row.ok ? row.step : null;
  if (invalidStep !== null) {
    setAttempted((shown) => new Set(shown).add(invalidStep));
    setProgress((p) => ({ ...p, step: invalidStep }));
  }
  const stepProps = { draft, errors, onChange: change };

  return (
    <Stack gap="lg">
      {editRequest.error && (
        <Alert color="red" title={t('Could not open that submission')}>
          {editRequest.error}
        </Alert>
      )}
      {editing && (
        <Alert color="blue" title={t('Editing a submission')}>
          {t('Changes were requested on this submission. Submitting sends it back for review.')}
          <Button variant="subtle" size="compact-sm" ms="xs" onClick={reset}>
            {t('Start a new contribution instead')}
          </Button>
        </Alert>
      )}
      <Stepper
        active={step}
        onStepClick={(s) => s < step && goTo(s as WizardStep)}
        allowNextStepsSelect={false}
        size="sm"
      >
        {/* On phones the steps are numbers on one line (the card's heading names the step): the
            labelled vertical stepper filled half the screen before the form. */}
        {WIZARD_STEPS.map((label, index) => (
          <Stepper.Step
            key={label}
            label={phone ? undefined : t(label)}
            aria-label={phone ? t('Step {number}: {label}', { number: index + 1, label: t(label) }) : undefined}
          />
        ))}
      </Stepper>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="wizard-step-title">
        <Title order={2} fz="lg" mb="md" id="wizard-step-title" ref={heading} tabIndex={-1}>
          {t('Step {number} of 4: {label}', { number: step + 1, label: t(WIZARD_STEPS[step]) })}
        </Title>
        {step === 0 && <BasicInfoStep {...stepProps} />}
        {step === 1 && <DetailsStep {...stepProps} />}
        {step === 2 && <VerificationStep {...stepProps} />}
        {row?.ok && <ReviewStep row={row.row} editing={editing} />}
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={previous} disabled={step === 0 || submitting}>
          {t('Previous')}
        </Button>
        {step < LAST_STEP ? (
          <Button onClick={next}>{t('Next')}</Button>
        ) : (
          <Button onClick={() => void submit()} loading={submitting}>
            {editing ? t('Resubmit') : t('Submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
