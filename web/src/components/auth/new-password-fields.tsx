import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@sciai/core';
import { t } from '../../i18n/index.ts';

type PasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** The two labels: sign-up says 'Password', a reset 'New password'. */
  labels: Record<PasswordField, string>;
  /** Mantine form's key and input props of a field (form.key / form.getInputProps). */
  field(name: PasswordField): { key: string; inputProps: GetInputPropsReturnType };
}

/** A new password and its confirmation, with show/hide toggles (sign-up, password reset, settings). */
export function NewPasswordFields({ labels, field }: NewPasswordFieldsProps) {
  const password = field('password');
  const confirm = field('confirmPassword');
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={t('At least {count} characters, and not a common password', { count: PASSWORD_MIN_LENGTH })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
        key={password.key}
        {...password.inputProps}
      />
      <PasswordInput
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password confirmation') }}
        key={confirm.key}
        {...confirm.inputProps}
      />
    </>
  );
}
