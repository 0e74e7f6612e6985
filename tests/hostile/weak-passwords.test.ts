import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@sciai/core';
import { describe, expect, it } from 'vitest';
import { signUpAndConfirm, uniqueEmail, visitor } from '../support/auth.ts';

/**
 * Passwords from breach lists are refused offline on sign-up and on every change, with GoTrue's
 * weak_password answer so supabase-js surfaces it (docs/product.md#password-rules).
 */
describe('common passwords', () => {
  it('refuses 12345678 at sign-up with weak_password and the reason pwned', async () => {
    const { data, error } = await visitor().auth.signUp({ email: uniqueEmail('weak'), password: '12345678' });
    expect(data.user).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: PASSWORD_TOO_COMMON_MESSAGE });
    if (isAuthWeakPasswordError(error)) expect(error.reasons).toEqual(['pwned']);
  });

  it('refuses a common password as a new password, whatever its letter case', async () => {
    const client = visitor();
    await signUpAndConfirm(client, uniqueEmail('weak-change'));
    for (const password of ['password1', 'Password1', 'QWERTYUIOP']) {
      const { error } = await client.auth.updateUser({ password });
      expect(isAuthWeakPasswordError(error)).toBe(true);
      expect(error?.message).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    }
    expect((await client.auth.updateUser({ password: 'a less common passphrase' })).error).toBeNull();
  });
});
