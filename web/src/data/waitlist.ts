import { getSupabase } from './supabase-client.ts';
import type { Database } from './database.types.ts';

export type WaitlistSignup = Required<Database['public']['Tables']['waitlist_signups']['Insert']>;

/** 'already-registered': the address (in any letter case) is on the list already. */
export type JoinWaitlistOutcome = 'joined' | 'already-registered' | 'failed';

const UNIQUE_VIOLATION = '23505';

/**
 * Spec 7.2: one insert into waitlist_signups; only the error and its code are read (a visitor
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
