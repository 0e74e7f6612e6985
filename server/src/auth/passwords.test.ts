import { PASSWORD_TOO_COMMON_MESSAGE } from '@sciai/core';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { hashBackupCode } from './backup-codes.ts';
import { AuthError } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';

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

// Test servers hash at cost 4 (tests/support/backend.ts); a server that does not set
// PASSWORD_HASH_COST hashes at production's 10: the cost loadConfig reads is the one the auth
// routes hash with (gateway/app.ts hands it to them).
describe('password and backup-code hashes', () => {
  it('are bcrypt at cost 10 unless PASSWORD_HASH_COST says otherwise', async () => {
    const cost = loadConfig({}).passwordHashCost;
    expect(cost).toBe(10);
    const hash = await hashPassword('correct horse battery', cost);
    expect(bcrypt.getRounds(hash)).toBe(10);
    expect(bcrypt.getRounds(await hashBackupCode('abcde-fghjk', cost))).toBe(10);
    expect(await verifyPassword('correct horse battery', hash, cost)).toBe(true);
    expect(await verifyPassword('correct horse batter', hash, cost)).toBe(false);
    expect(await verifyPassword('correct horse battery', null, cost)).toBe(false);
  });

  it('take the cost PASSWORD_HASH_COST names, and a stored hash keeps its own', async () => {
    const atTen = await hashPassword('a new passphrase', loadConfig({}).passwordHashCost);
    const cost = loadConfig({ PASSWORD_HASH_COST: '4' }).passwordHashCost;
    const atFour = await hashPassword('a new passphrase', cost);
    expect(bcrypt.getRounds(atFour)).toBe(4);
    expect(bcrypt.getRounds(await hashBackupCode('abcde-fghjk', cost))).toBe(4);
    expect(await verifyPassword('a new passphrase', atFour, cost)).toBe(true);
    expect(await verifyPassword('a new passphrase', atTen, cost)).toBe(true);
    expect(await verifyPassword('a new passphrase', null, cost)).toBe(false);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '3' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
