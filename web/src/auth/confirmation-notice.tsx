import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useAuth } from './use-auth.ts';
import { takeSignupConfirmation } from './confirmation-landing.ts';
import { t, msg } from '../i18n/index.ts';

export const SIGNUP_CONFIRMED = msg('E-mail confirmed — you are signed in');

/**
 * The toast for a confirmation link's landing (docs/product.md#sign-up), once the session from
 * the link is in place: without it the user would arrive signed in with no word of why.
 */
export function ConfirmationNotice() {
  const { user } = useAuth();
  useEffect(() => {
    if (user && takeSignupConfirmation()) notifications.show({ message: t(SIGNUP_CONFIRMED), color: 'teal' });
  }, [user]);
  return null;
}
