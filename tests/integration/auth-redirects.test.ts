import { describe, expect, inject, it } from 'vitest';
import { followLink, PASSWORD, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

/**
 * A verification link sends the browser, with a session in the fragment, only to a page of the
 * site itself; anything else falls back to the site root (no open redirect, no stolen session).
 */
describe('auth redirects', () => {
  const { url } = inject('backend');
  const root = `${url}/`;
  const host = new URL(url).host;

  const ELSEWHERE = [
    '//evil.example',
    'https://evil.example',
    'https://evil.example/auth/callback',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    ' //evil.example',
    'https:evil.example',
    `https://${host}@evil.example`,
    `http://${host}.evil.example/`,
    'javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
  ];

  it.each(ELSEWHERE)('sends %j to the site root', async (target) => {
    const link = `${url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent(target)}`;
    const followed = await followLink(link);
    expect(followed.status).toBe(303);
    expect(followed.target).toBe(root);
  });

  it('decodes the query once: an encoded //evil.example falls back to the root, a doubly encoded one stays on the site', async () => {
    const once = await followLink(`${url}/auth/v1/verify?token=bogus&type=signup&redirect_to=%2F%2Fevil.example`);
    expect(once.target).toBe(root);
    const twice = await followLink(`${url}/auth/v1/verify?token=bogus&type=signup&redirect_to=%252F%252Fevil.example`);
    expect(new URL(twice.target).origin).toBe(url);
  });

  it('keeps a page of the site, with its query', async () => {
    const followed = await followLink(
      `${url}/auth/v1/verify?token=bogus&type=recovery&redirect_to=${encodeURIComponent('/auth/reset?from=mail')}`,
    );
    expect(followed.target).toBe(`${url}/auth/reset?from=mail`);
    expect(followed.fragment.get('error_code')).toBe('otp_expired');
  });

  it('never hands a session to another site, even with a valid link', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('redirect');
    const signUp = await visitor(address).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    expect(signUp.error).toBeNull();
    const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
    const link = new URL(linkIn(mail));
    expect(link.searchParams.get('redirect_to')).toBe(root);

    // Someone edits the link before it is opened: checked again on the way out.
    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const followed = await followLink(link.href, address);
    expect(followed.target).toBe(root);
    expect(followed.fragment.get('access_token')).toBeTruthy();
  });
});
