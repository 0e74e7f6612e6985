import { describe, expect, it } from 'vitest';
import { apiTokenMail, parseApiTokenPayload } from './api-token-mail.ts';

const SITE = 'https://sciai.example';

describe('the new API token notice', () => {
  it('names the token by its first characters, its dates in UTC, and links to the settings', () => {
    const payload = parseApiTokenPayload({
      name: 'Lab <notebook>',
      token_prefix: 'sciai_1a2b',
      created_at: '2026-12-07T05:07:40.211+00:00',
      expires_at: '2027-12-07T05:07:40.211+00:00',
    });
    if (!payload) throw new Error('payload refused');
    const mail = apiTokenMail({ to: 'ada@example.org', firstName: 'Ada', payload, site: SITE });
    expect(mail).toMatchObject({
      kind: 'api_token_created',
      to: 'ada@example.org',
      subject: 'A new API token was created for your SciAI account',
      links: [`${SITE}/settings?tab=security`],
    });
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(
      'A new API token, “Lab <notebook>”, was created for your SciAI account on 7 December 2026, 05:07 UTC.',
    );
    expect(mail.text).toContain('It begins sciai_1a2b… and expires on 7 December 2027, 05:07 UTC.');
    expect(mail.html).toContain('Lab &#60;notebook&#62;');
    expect(mail.html).not.toContain('<notebook>');
  });

  it('refuses a payload it cannot read', () => {
    expect(parseApiTokenPayload(null)).toBeUndefined();
    expect(
      parseApiTokenPayload({ name: 'x', token_prefix: 'sciai_1a2b', created_at: 'soon', expires_at: 'later' }),
    ).toBeUndefined();
    expect(
      parseApiTokenPayload({ token_prefix: 'sciai_1a2b', created_at: '2026-12-07', expires_at: '2027-12-07' }),
    ).toBeUndefined();
  });
});
