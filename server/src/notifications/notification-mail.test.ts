import { describe, expect, it } from 'vitest';
import { digestMail, instantNotificationMail, parseDigestPayload } from './notification-mail.ts';
import { searchPlanOf } from './notification-jobs.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const SECRET = 'a-test-secret-of-some-length-for-hmac';
const USER = '0b6b7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

describe('unsubscribe tokens', () => {
  it('verify for their user and scope only, within a year', () => {
    const now = 1_800_000_000;
    const token = signUnsubscribeToken(SECRET, { userId: USER, scope: 'daily', issuedAt: now });
    expect(verifyUnsubscribeToken(SECRET, token, now + 10)).toEqual({ userId: USER, scope: 'daily', issuedAt: now });
    expect(verifyUnsubscribeToken('another secret', token, now)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, token, now + 366 * 86_400)).toBeUndefined();
    const [, mac] = token.split('.');
    const swapped = `${Buffer.from(`${USER}.new_items.${now.toString(36)}`).toString('base64url')}.${mac}`;
    expect(verifyUnsubscribeToken(SECRET, swapped, now)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, ['a', 'b'], now)).toBeUndefined();
  });
});

describe('notification mails', () => {
  const input = {
    to: 'ada@example.org',
    firstName: 'Ada',
    site: 'https://sciai.example',
    unsubscribeUrl: 'https://sciai.example/unsubscribe?token=t',
  };

  it('say what happened, link to it and to the settings, and carry the one-click headers', () => {
    const mail = instantNotificationMail({
      ...input,
      payload: {
        kind: 'item_release',
        category: 'item_updates',
        payload: { title: 'AlphaFold', path: '/tool/alphafold', version: 'v3' },
      },
    });
    expect(mail.subject).toBe('AlphaFold released v3');
    expect(mail.text).toContain('https://sciai.example/tool/alphafold');
    expect(mail.text).toContain('https://sciai.example/settings?tab=notifications');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://sciai.example/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('list a digest’s entries with the count of those left out, and refuse an empty one', () => {
    const entry = {
      kind: 'followed_new_item',
      payload: { title: 'ESMFold', path: '/tool/esmfold', via_name: 'Biology' },
    };
    const payload = parseDigestPayload({ period: 'weekly', count: 3, entries: [entry, { kind: 'nope', payload: {} }] });
    expect(payload).toBeDefined();
    const mail = digestMail({ ...input, payload: payload! });
    expect(mail.subject).toBe('Your weekly SciAI digest: 3 notifications');
    expect(mail.text).toContain('- New in Biology: ESMFold');
    expect(mail.text).toContain('And 2 more: https://sciai.example/notifications');
    expect(parseDigestPayload({ period: 'daily', count: 0, entries: [] })).toBeUndefined();
  });

  it('read a saved search as browse does, keeping only the years its address names', () => {
    expect(searchPlanOf('search=protein+folding&type=software&domain=Biology&year_from=2000', 2026)).toMatchObject({
      search: 'protein folding',
      content_types: ['software'],
      domains: ['biology'],
      year_from: null,
      year_to: null,
    });
    expect(searchPlanOf('year_from=2019&year_to=2022', 2026)).toMatchObject({ year_from: 2019, year_to: 2022 });
  });
});
