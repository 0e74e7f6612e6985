import { describe, expect, it } from 'vitest';
import { claimMail, parseClaimPayload } from './claim-mail.ts';

const site = 'https://sciai.example';

describe('claim e-mails', () => {
  it('tells of a rejection with the admin’s reason, escaped in the HTML, and links the item', () => {
    const payload = parseClaimPayload({
      claim_id: 'c1',
      title: 'Fold <fast>',
      content_type: 'software',
      slug: 'fold-fast',
      reason: 'No link to <b>you</b>',
    });
    expect(payload).toBeDefined();
    const mail = claimMail({
      kind: 'claim_rejected',
      to: 'ada@example.org',
      firstName: 'Ada',
      payload: payload!,
      site,
    });
    expect(mail.subject).toBe('Your claim of “Fold <fast>” was not approved');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('Reason from the admin:\nNo link to <b>you</b>');
    expect(mail.html).toContain('No link to &#60;b&#62;you&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>you');
    expect(mail.links).toEqual([`${site}/tool/fold-fast`]);
  });

  it('sends a handover offer to the settings, once', () => {
    const payload = parseClaimPayload({ claim_id: 'c2', title: 'Atlas', content_type: 'paper', slug: 'atlas' })!;
    const mail = claimMail({ kind: 'claim_transfer_offered', to: 'b@example.org', firstName: null, payload, site });
    expect(mail.subject).toBe('You are offered “Atlas” to maintain on SciAI');
    expect(mail.links).toEqual([`${site}/settings?tab=claims`]);
    expect(mail.text.split(`${site}/settings?tab=claims`)).toHaveLength(2);
  });

  it('reads a malformed payload as none, so the outbox marks it failed', () => {
    expect(parseClaimPayload({ title: 'No claim id' })).toBeUndefined();
    expect(parseClaimPayload('text')).toBeUndefined();
  });
});
