import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';

/** Two-factor sign-in with TOTP (docs/product.md#two-factor: aal1 and aal2), through supabase-js's mfa API. */
describe('multi-factor authentication', () => {
  const { url, anonKey } = inject('backend');

  async function verifyWith(client: SupabaseClient, factorId: string, code: string) {
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    return client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
  }

  async function backupCodes(accessToken: string, factorId: string): Promise<Response> {
    return fetch(`${url}/auth/v1/factors/${factorId}/backup-codes`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` },
    });
  }

  it('enrols an authenticator, reaches aal2 with its code, and takes each backup code once', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('mfa');
    const phone = visitor(address);
    await signUpAndConfirm(phone, email);
    expect((await phone.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });

    const enrolled = await phone.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'SciAI' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data!;
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(totp.uri).toMatch(new RegExp(`^otpauth://totp/SciAI:${encodeURIComponent(email)}\\?`));
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    // An unfinished enrolment does not raise the bar yet.
    expect((await phone.auth.mfa.listFactors()).data).toMatchObject({
      totp: [],
      all: [{ id: factorId, status: 'unverified' }],
    });
    expect((await phone.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');

    const challenge = await phone.auth.mfa.challenge({ factorId });
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 240);
    const code = await generate({ secret: totp.secret });
    const wrong = await phone.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({
      message: 'Invalid TOTP code entered',
      code: 'mfa_verification_failed',
      status: 422,
    });
    const verified = await phone.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data!.access_token)).toMatchObject({ aal: 'aal2' });
    const level = (await phone.auth.mfa.getAuthenticatorAssuranceLevel()).data!;
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(
      level.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method)),
    ).toEqual(['totp', 'otp']);
    expect((await phone.auth.mfa.listFactors()).data?.totp).toMatchObject([
      { id: factorId, status: 'verified', friendly_name: 'Phone' },
    ]);

    const issued = await backupCodes(verified.data!.access_token, factorId);
    expect(issued.status).toBe(200);
    const { codes } = (await issued.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // A second device signs in with the password: aal1, and aal2 is due.
    const laptop = visitor(address);
    expect((await laptop.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await laptop.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const laptopToken = (await laptop.auth.getSession()).data.session!.access_token;
    expect((await backupCodes(laptopToken, factorId)).status).toBe(403);
    const unenrollEarly = await laptop.auth.mfa.unenroll({ factorId });
    expect(unenrollEarly.error).toMatchObject({
      message: 'AAL2 required to unenroll verified factor',
      code: 'insufficient_aal',
    });
    const changeEarly = await laptop.auth.updateUser({ password: 'another fine passphrase' });
    expect(changeEarly.error).toMatchObject({ code: 'insufficient_aal', status: 401 });

    // The code already used on the phone is not accepted again; a backup code is, once.
    const replayed = await verifyWith(laptop, factorId, code);
    expect(replayed.error).toMatchObject({ code: 'mfa_verification_failed' });
    const withBackup = await verifyWith(laptop, factorId, codes[0]!.toUpperCase());
    expect(withBackup.error).toBeNull();
    expect((await laptop.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
    expect(decodeJwt(withBackup.data!.access_token).amr).toContainEqual({
      method: 'mfa/backup_code',
      timestamp: expect.any(Number),
    });

    const tablet = visitor(address);
    expect((await tablet.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const backupAgain = await verifyWith(tablet, factorId, codes[0]!);
    expect(backupAgain.error).toMatchObject({ code: 'mfa_verification_failed' });

    // With aal2 the factor can go; the user is back to one factor.
    expect((await phone.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await phone.auth.mfa.listFactors()).data?.all).toEqual([]);
    await phone.auth.refreshSession();
    expect((await phone.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });

  it('lists factors on the user and refuses a challenge of someone else’s factor', async () => {
    const address = visitorAddress();
    const owner = visitor(address);
    await signUpAndConfirm(owner, uniqueEmail('owner'));
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' });
    const factorId = enrolled.data!.id;
    expect((await owner.auth.getUser()).data.user?.factors).toMatchObject([
      { id: factorId, factor_type: 'totp', status: 'unverified' },
    ]);
    const duplicate = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' });
    expect(duplicate.error).toMatchObject({ code: 'mfa_factor_name_conflict' });

    const stranger = visitor(address);
    await signUpAndConfirm(stranger, uniqueEmail('stranger'));
    const challenge = await stranger.auth.mfa.challenge({ factorId });
    expect(challenge.error).toMatchObject({ message: 'Factor not found', code: 'mfa_factor_not_found', status: 404 });
  });
});
