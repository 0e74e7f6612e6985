import { PASSWORD_TOO_COMMON_MESSAGE } from '@sciai/core';
import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { assertPasswordStrength } from './passwords.ts';

function refusal(password: string): AuthError | undefined {
  try {
    assertPasswordStrength(password);
    return undefined;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
}

describe('assertPasswordStrength (docs/product.md#password-rules)', () => {
  it.each(['12345678', 'password', 'Password1', 'qwertyuiop', 'iloveyou1', 'baseball'])(
    'refuses the common password %s as GoTrue does, with the reason pwned',
    (password) => {
      const refused = refusal(password);
      expect(refused).toMatchObject({ status: 422, code: 'weak_password', message: PASSWORD_TOO_COMMON_MESSAGE });
      expect(refused?.extra).toEqual({ weak_password: { reasons: ['pwned'] } });
    },
  );

  it('refuses short passwords for their length first', () => {
    expect(refusal('1234')?.extra).toEqual({ weak_password: { reasons: ['length'] } });
  });

  it('accepts a passphrase that is not on the list', () => {
    expect(refusal('correct horse battery')).toBeUndefined();
    expect(refusal('a new passphrase')).toBeUndefined();
  });
});
