import { describe, expect, it } from 'vitest';
import { profileFormRules, profileFormValues, profileSaveProblem, profileUpdateFrom } from './profile-form-values.ts';

describe('profile form values', () => {
  it('start empty without a profile and turn blanks into nulls', () => {
    const values = profileFormValues(null);
    expect(values.researchInterests).toEqual([]);
    expect(profileUpdateFrom({ ...values, displayName: '  ' })).toMatchObject({
      display_name: null,
      handle: null,
      orcid_id: null,
    });
  });

  it('trims, upper-cases the ORCID check letter and drops repeated interests', () => {
    const update = profileUpdateFrom({
      ...profileFormValues(null),
      handle: ' ada-l ',
      orcid: '0000-0002-1694-233x',
      researchInterests: ['biology', 'ai_ml', 'biology'],
    });
    expect(update).toMatchObject({
      handle: 'ada-l',
      orcid_id: '0000-0002-1694-233X',
      research_interests: ['biology', 'ai_ml'],
    });
  });

  it('check the ORCID checksum and the handle rule before saving', () => {
    expect(profileFormRules.orcid('0000-0002-1825-0098')).toBe(
      'This ORCID iD is not valid (its check digit does not match)',
    );
    expect(profileFormRules.orcid('0000-0002-1825-0097')).toBeNull();
    expect(profileFormRules.handle('Ada')).not.toBeNull();
    expect(profileFormRules.bio('x'.repeat(2001))).toBe('At most 2000 characters');
  });

  it('explain refusals by the database', () => {
    expect(
      profileSaveProblem(
        new Error('profile update: duplicate key value violates unique constraint "user_profiles_handle_key"'),
      ),
    ).toBe('This handle is already taken. Please choose another.');
    expect(profileSaveProblem(new Error('network down'))).toBe('Failed to save profile');
  });
});
