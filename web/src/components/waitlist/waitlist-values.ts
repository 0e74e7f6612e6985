import type { WaitlistSignup } from '../../data/waitlist.ts';

/** What the waitlist form holds while the visitor types. */
export interface WaitlistFormValues {
  email: string;
  firstName: string;
  lastName: string;
  /** Scientific domain ids. */
  researchInterests: string[];
  referralSource: string;
  additionalInfo: string;
}

export const EMPTY_WAITLIST_FORM: WaitlistFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  researchInterests: [],
  referralSource: '',
  additionalInfo: '',
};

/** The column limits of waitlist_signups, so the database never refuses what the form let through. */
export const WAITLIST_LIMITS = { email: 254, name: 100, referralSource: 200, additionalInfo: 2000 } as const;

// The same shape the table's check constraint accepts.
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export type WaitlistSignupResult =
  { ok: true; signup: WaitlistSignup } | { ok: false; problem: 'email-required' | 'email-invalid' };

const trimmedOrNull = (value: string): string | null => value.trim() || null;

/** docs/product.md#waitlist: every text trimmed; a blank email stops the sign-up; other blanks are sent as null. */
export function toWaitlistSignup(values: WaitlistFormValues): WaitlistSignupResult {
  const email = values.email.trim();
  if (!email) return { ok: false, problem: 'email-required' };
  if (email.length > WAITLIST_LIMITS.email || !EMAIL_PATTERN.test(email))
    return { ok: false, problem: 'email-invalid' };
  return {
    ok: true,
    signup: {
      email,
      first_name: trimmedOrNull(values.firstName),
      last_name: trimmedOrNull(values.lastName),
      research_interests: [...new Set(values.researchInterests)],
      referral_source: trimmedOrNull(values.referralSource),
      additional_info: trimmedOrNull(values.additionalInfo),
    },
  };
}
