import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { uniqueEmail, visitor } from '../support/auth.ts';
import { serviceClient } from '../support/clients.ts';

/**
 * The waitlist as a visitor's browser uses it: supabase-js with the anon key, through the
 * gateway. Each visitor comes from an address of its own (documentation ranges, RFC 5737),
 * passed as a reverse proxy in front of the gateway would, so the per-address limit of one
 * test never counts another test's sign-ups.
 */
let nextHost = 1;
function visitorFrom(address = `203.0.113.${nextHost++}`): SupabaseClient {
  return visitor(address);
}

async function storedSignup(email: string) {
  const { data, error } = await serviceClient()
    .from('waitlist_signups')
    .select('email, first_name, last_name, research_interests, referral_source, additional_info')
    .ilike('email', email)
    .single();
  if (error) throw error;
  return data;
}

describe('joining the waitlist', () => {
  it('stores every field of a sign-up, research interests as domain ids', async () => {
    const visitor = visitorFrom();
    const { data: domains, error: domainsError } = await visitor.from('scientific_domains').select('id').limit(2);
    expect(domainsError).toBeNull();
    const interests = (domains ?? []).map((domain: { id: string }) => domain.id);
    expect(interests).toHaveLength(2);

    const email = uniqueEmail('full');
    const { error } = await visitor.from('waitlist_signups').insert({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      research_interests: interests,
      referral_source: 'A colleague',
      additional_info: 'Protein design',
    });
    expect(error).toBeNull();
    expect(await storedSignup(email)).toEqual({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      research_interests: interests,
      referral_source: 'A colleague',
      additional_info: 'Protein design',
    });
  });

  it('accepts blank optional fields sent as null', async () => {
    const email = uniqueEmail('blanks');
    const { error } = await visitorFrom().from('waitlist_signups').insert({
      email,
      first_name: null,
      last_name: null,
      research_interests: [],
      referral_source: null,
      additional_info: null,
    });
    expect(error).toBeNull();
    expect(await storedSignup(email)).toMatchObject({
      first_name: null,
      last_name: null,
      research_interests: [],
      referral_source: null,
      additional_info: null,
    });
  });

  it('answers 23505 for an address already on the list in another letter case', async () => {
    const visitor = visitorFrom();
    const email = uniqueEmail('Twice');
    expect((await visitor.from('waitlist_signups').insert({ email })).error).toBeNull();
    const duplicate = await visitor.from('waitlist_signups').insert({ email: email.toUpperCase() });
    expect(duplicate.error?.code).toBe('23505');
  });
});

describe('the waitlist rate limit', () => {
  it('refuses the 6th sign-up from one address within a minute with 429, and only for that address', async () => {
    const visitor = visitorFrom('198.51.100.7');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { error } = await visitor.from('waitlist_signups').insert({ email: uniqueEmail(`burst${attempt}`) });
      expect(error, `sign-up ${attempt}`).toBeNull();
    }
    const sixth = await visitor.from('waitlist_signups').insert({ email: uniqueEmail('burst6') });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.message).toBe('Too many sign-ups from this address. Please try again in a minute.');
    // Refused attempts count too: the address stays blocked for the rest of the minute.
    expect((await visitor.from('waitlist_signups').insert({ email: uniqueEmail('burst7') })).status).toBe(429);

    const neighbour = visitorFrom('198.51.100.8');
    expect((await neighbour.from('waitlist_signups').insert({ email: uniqueEmail('neighbour') })).error).toBeNull();
  });

  it('counts a whole IPv6 /64 as one address', async () => {
    const prefix = '2001:db8:5:7';
    for (let host = 1; host <= 5; host += 1) {
      const { error } = await visitorFrom(`${prefix}::${host}`)
        .from('waitlist_signups')
        .insert({ email: uniqueEmail('v6') });
      expect(error).toBeNull();
    }
    expect(
      (
        await visitorFrom(`${prefix}::99`)
          .from('waitlist_signups')
          .insert({ email: uniqueEmail('v6') })
      ).status,
    ).toBe(429);
  });

  it('takes one sign-up per request, so a bulk insert cannot get around the limit', async () => {
    const visitor = visitorFrom();
    const bulk = await visitor
      .from('waitlist_signups')
      .insert([{ email: uniqueEmail('bulk-a') }, { email: uniqueEmail('bulk-b') }]);
    expect(bulk.status).toBe(400);
    expect(bulk.error?.message).toBe('Send one sign-up per request.');

    const backend = inject('backend');
    const csv = await fetch(`${backend.url}/rest/v1/waitlist_signups`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'text/csv',
        'x-forwarded-for': '203.0.113.200',
      },
      body: `email\n${uniqueEmail('csv-a')}\n${uniqueEmail('csv-b')}\n`,
    });
    expect(csv.status).toBe(415);

    const single = await visitor.from('waitlist_signups').insert([{ email: uniqueEmail('array-of-one') }]);
    expect(single.error).toBeNull();
  });
});
