import { getSupabase } from './supabase-client.ts';
import type { TablesInsert } from '@sciai/core';

/** What the form sends: every column a visitor fills in (the id and the time are the database's). */
export type WaitlistSignup = Required<
  Pick<
    TablesInsert<'waitlist_signups'>,
    'email' | 'first_name' | 'last_name' | 'research_interests' | 'referral_source' | 'additional_info'
  >
>;

/** 'already-registered': the address (in any letter case) is on the list already. */
export type JoinWaitlistOutcome = 'joined' | 'already-registered' | 'failed';

const UNIQUE_VIOLATION = '23505';

/**
 * docs/product.md#waitlist: one insert into waitlist_signups; only the error and its code are read (a visitor
 * may not read the list back). A refused request (the gateway's rate limit answers 429) or a
 * network failure is 'failed'.
 */
export async function joinWaitlist(signup: WaitlistSignup): Promise<JoinWaitlistOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('waitlist_signups').insert(signup);
    if (!error) return 'joined';
    if (error.code === UNIQUE_VIOLATION) return 'already-registered';
    console.error('waitlist sign-up failed', error.code, error.message);
    return 'failed';
  } catch (error) {
    console.error('waitlist sign-up failed', error);
    return 'failed';
  }
}
