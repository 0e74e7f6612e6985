import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { followLink, PASSWORD, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (the smtp-server package), collecting what it is sent. */
async function startSmtpServer(): Promise<{ port: number; received: ReceivedMail[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text part of a raw message as nodemailer writes it (quoted-printable for long lines). */
function decodedText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('auth mail over SMTP, with PUBLIC_URL, and the site settings', () => {
  const PUBLIC_URL = 'https://sciai.example';
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
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
    const signUp = await client(address).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${PUBLIC_URL}/welcome` } });
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
      const signUp = await client().auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Katherine' } } });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session?.access_token).toBeTruthy();
      expect(signUp.data.user?.email_confirmed_at).toBeTruthy();
      expect(smtp.received.some((message) => message.to.includes(email))).toBe(false);

      const again = await client().auth.signUp({ email, password: PASSWORD });
      expect(again.error).toMatchObject({ message: 'User already registered', code: 'user_already_exists', status: 422 });
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
      expect(closed.error).toMatchObject({ message: 'Signups not allowed for this instance', code: 'signup_disabled', status: 422 });
      const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } });
      expect(await settings.json()).toMatchObject({ disable_signup: true });
    } finally {
      await setSetting('registration_open', true);
    }
  });
});

describe('sciai mail', () => {
  const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
  const CLI = join(REPO_ROOT, 'cli/src/sciai.ts');

  function sciai(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
    for (const name of ['FORCE_COLOR', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'DATABASE_URL', 'SMTP_URL']) {
      delete childEnv[name];
    }
    return new Promise((resolve, reject) => {
      const child = spawn(NODE, [CLI, ...args], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) }));
    });
  }

  it('lists the mails of the data directory: subject, recipient, date and link', async () => {
    const { dataDir } = inject('backend');
    const email = uniqueEmail('cli');
    expect((await visitor().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const mail = await waitForMail(dataDir, email, { kind: 'signup' });

    const listed = await sciai(['mail', '--to', email.toUpperCase()], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${email}  Confirm your SciAI account`);
    expect(listed.stdout).toContain(mail.date.slice(0, 10));
    expect(listed.stdout).toContain(`  ${mail.links[0]}`);
    expect(listed.stderr).toContain('1 mail in');

    const last = await sciai(['mail', '--to', email, '--last'], { DATA_DIR: dataDir });
    expect(last.stdout).toContain('Or enter this code:');

    const none = await sciai(['mail', '--to', uniqueEmail('nobody')], { DATA_DIR: dataDir });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No mail to');
  });
});
