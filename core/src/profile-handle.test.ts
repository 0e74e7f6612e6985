import { describe, expect, it } from 'vitest';
import { handleProblem, HandleSchema, isValidHandle, publicProfilePath } from './profile-handle.ts';

describe('isValidHandle', () => {
  it('accepts 3 to 30 lower-case letters, digits, _ and -, starting with a letter or digit', () => {
    for (const good of ['ada', 'ada_lovelace', 'a-1', '1ab', 'x'.repeat(30)]) expect(isValidHandle(good)).toBe(true);
  });
  it('rejects upper case, other characters, a leading _ or -, and the wrong length', () => {
    for (const bad of ['Ada', 'ab', 'x'.repeat(31), '_ada', '-ada', 'ada lovelace', 'ada.l', 'adé', '']) {
      expect(isValidHandle(bad)).toBe(false);
    }
  });
});

describe('handleProblem', () => {
  it('allows blank and explains length and character problems', () => {
    expect(handleProblem('')).toBeNull();
    expect(handleProblem('ada_l')).toBeNull();
    expect(handleProblem('ab')).toBe('Handle must be 3 to 30 characters long');
    expect(handleProblem('Ada!')).toBe('Use lower-case letters, digits, "_" and "-", starting with a letter or digit');
  });
});

describe('HandleSchema and publicProfilePath', () => {
  it('trims, validates and builds /u/:handle', () => {
    expect(HandleSchema.parse(' ada-l ')).toBe('ada-l');
    expect(HandleSchema.safeParse('-ada').success).toBe(false);
    expect(publicProfilePath('ada-l')).toBe('/u/ada-l');
  });
});
