import { describe, expect, it } from 'vitest';
import { EMPTY_WAITLIST_FORM, toWaitlistSignup } from './waitlist-values.ts';

describe('toWaitlistSignup', () => {
  it('trims every text and sends blanks as null', () => {
    expect(
      toWaitlistSignup({
        ...EMPTY_WAITLIST_FORM,
        email: '  ada@example.org ',
        firstName: ' Ada ',
        lastName: '   ',
        referralSource: '\t',
        additionalInfo: ' Protein design\n',
        researchInterests: ['b', 'a', 'b'],
      }),
    ).toEqual({
      ok: true,
      signup: {
        email: 'ada@example.org',
        first_name: 'Ada',
        last_name: null,
        research_interests: ['b', 'a'],
        referral_source: null,
        additional_info: 'Protein design',
      },
    });
  });

  it('stops at a blank email', () => {
    expect(toWaitlistSignup({ ...EMPTY_WAITLIST_FORM, email: '   ', firstName: 'Ada' })).toEqual({
      ok: false,
      problem: 'email-required',
    });
  });

  it('stops at an address the database would refuse', () => {
    for (const email of ['ada', 'ada@example', 'a b@example.org', `${'a'.repeat(250)}@example.org`]) {
      expect(toWaitlistSignup({ ...EMPTY_WAITLIST_FORM, email })).toEqual({ ok: false, problem: 'email-invalid' });
    }
  });
});
