import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { followLink, PASSWORD, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { runSciai } from '../support/sciai.ts';
import { decodedText, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

describe('auth mail over SMTP, with PUBLIC_URL, and the site settings', () => {
  const PUBLIC_URL = 'https://sciai.example';
  let smtp: TestSmtpServer;
  let backend: TestBackend;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    backend = await startTestBackend({
      engine: inject('engine'),
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'SciAI Test <auth@test.example>', PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await smtp?.stop();
  });

  const client = (address = visitorAddress()) => visitor(address, backend.url, backend.anonKey);
  const setSetting = async (key: string, value: boolean) => {
    const service = createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false } });
    const { error } = await service.from('site_settings').update({ value }).eq('key', key);
    expect(error).toBeNull();
  };

  it('sends the confirmation by SMTP, from MAIL_FROM, with links on PUBLIC_URL', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('smtp');
    const signUp = await client(address).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${PUBLIC_URL}/welcome` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();

    const mail = smtp.received.find((message) => message.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('auth@test.example');
    expect(mail!.raw).toContain('From: SciAI Test <auth@test.example>');
    expect(mail!.raw).toContain('Subject: Confirm your SciAI account');
    expect(mail!.raw).toMatch(/^x-sciai-mail-kind: signup\r?$/im);
    const link = /https:\/\/sciai\.example\/auth\/v1\/verify\?\S+/.exec(decodedText(mail!.raw))?.[0];
    expect(link).toBeDefined();
    expect(mailsTo(backend.dataDir, email)).toEqual([]); // nothing in the dev mailbox

    // The link names the public origin; the gateway itself is what answers it here.
    const followed = await followLink(link!.replace(PUBLIC_URL, backend.url), address);
    expect(followed.target).toBe(`${PUBLIC_URL}/welcome`);
    expect(followed.fragment.get('access_token')).toBeTruthy();
    const elsewhere = await followLink(
      `${backend.url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent(`${backend.url}/`)}`,
    );
    expect(elsewhere.target).toBe(`${PUBLIC_URL}/`); // only PUBLIC_URL's origin counts as the site
  });

  it('confirms at once when e-mail verification is off, and then says an address is taken', async () => {
    const pending = uniqueEmail('pending');
    expect((await client().auth.signUp({ email: pending, password: PASSWORD })).error).toBeNull();
    await setSetting('require_email_verification', false);
    try {
      const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } });
      expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true });
      const email = uniqueEmail('instant');
      const signUp = await client().auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { first_name: 'Katherine' } },
      });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session?.access_token).toBeTruthy();
      expect(signUp.data.user?.email_confirmed_at).toBeTruthy();
      expect(smtp.received.some((message) => message.to.includes(email))).toBe(false);

      const again = await client().auth.signUp({ email, password: PASSWORD });
      expect(again.error).toMatchObject({
        message: 'User already registered',
        code: 'user_already_exists',
        status: 422,
      });
      // An account made before, still unconfirmed, is not handed to whoever signs up with its address.
      const takeover = await client().auth.signUp({ email: pending, password: 'the attacker’s password' });
      expect(takeover.error).toMatchObject({ code: 'user_already_exists' });
      expect(takeover.data.session).toBeNull();
    } finally {
      await setSetting('require_email_verification', true);
    }
  });

  it('refuses sign-ups while registration is closed', async () => {
    await setSetting('registration_open', false);
    try {
      const closed = await client().auth.signUp({ email: uniqueEmail('closed'), password: PASSWORD });
      expect(closed.error).toMatchObject({
        message: 'Signups not allowed for this instance',
        code: 'signup_disabled',
        status: 422,
      });
      const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } });
      expect(await settings.json()).toMatchObject({ disable_signup: true });
    } finally {
      await setSetting('registration_open', true);
    }
  });
});

describe('sciai mail', () => {
  it('lists the mails of the data directory: subject, recipient, date and link', async () => {
    const { dataDir } = inject('backend');
    const email = uniqueEmail('cli');
    expect((await visitor().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const mail = await waitForMail(dataDir, email, { kind: 'signup' });

    const listed = await runSciai(['mail', '--to', email.toUpperCase()], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${email}  Confirm your SciAI account`);
    expect(listed.stdout).toContain(mail.date.slice(0, 10));
    expect(listed.stdout).toContain(`  ${mail.links[0]}`);
    expect(listed.stderr).toContain('1 mail in');

    const last = await runSciai(['mail', '--to', email, '--last'], { DATA_DIR: dataDir });
    expect(last.stdout).toContain('Or enter this code:');

    const none = await runSciai(['mail', '--to', uniqueEmail('nobody')], { DATA_DIR: dataDir });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No mail to');
  });
});
