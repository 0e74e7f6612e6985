import { describe, expect, it } from 'vitest';
import { newPasswordProblem, profileStatusLabel, signUpMetadata, totpCode } from './auth-rules.ts';

describe('newPasswordProblem', () => {
  it('asks for matching passwords first, then at least 8 characters', () => {
    expect(newPasswordProblem('abc', 'abd')).toBe('Passwords do not match');
    expect(newPasswordProblem('1234567', '1234567')).toBe('Password must be at least 8 characters long');
    expect(newPasswordProblem('12345678', '12345678')).toBeNull();
  });
});

describe('signUpMetadata', () => {
  it('trims the names and joins the ones given', () => {
    expect(signUpMetadata(' Ada ', ' Lovelace ')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
    });
    expect(signUpMetadata('Ada', '')).toEqual({ first_name: 'Ada', last_name: '', full_name: 'Ada' });
  });
});

describe('totpCode', () => {
  it('accepts six digits, with spaces', () => {
    expect(totpCode('123456')).toBe('123456');
    expect(totpCode(' 123 456 ')).toBe('123456');
    expect(totpCode('12345')).toBeNull();
    expect(totpCode('12345a')).toBeNull();
  });
});

describe('profileStatusLabel', () => {
  it('names the three verification states', () => {
    expect(profileStatusLabel('verified')).toBe('Verified');
    expect(profileStatusLabel('pending')).toBe('Under Review');
    expect(profileStatusLabel('unverified')).toBe('Unverified');
    expect(profileStatusLabel(undefined)).toBe('Unverified');
  });
});
