import type { BrowserContextOptions, Page } from 'playwright-core';
import { generate } from 'otplib';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';

/**
 * The addresses of one test file's own range ('198.51.105' → 198.51.105.n): the auth service
 * limits sign-ins to 5 a minute per client address, so each file, and each browser context in
 * it, sends its own x-forwarded-for and no two tests share a budget.
 */
export function addressesIn(range: string): {
  address(n: number): string;
  fromAddress(n: number): BrowserContextOptions;
} {
  const address = (n: number) => `${range}.${n}`;
  return { address, fromAddress: (n) => ({ extraHTTPHeaders: { 'x-forwarded-for': address(n) } }) };
}

/** Fills the sign-in form the page shows and submits it. */
export async function fillSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills the sign-up form the page shows and submits it. */
export async function fillSignUp(
  page: Page,
  values: { first: string; last: string; email: string; password: string; confirm: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(values.first);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(values.last);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(values.confirm);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Opens the sign-in page (with a redirect when given) and signs in with the test password. */
export async function signInTo(page: Page, email: string, redirect?: string): Promise<void> {
  await page.goto(redirect === undefined ? '/auth/signin' : `/auth/signin?redirect=${encodeURIComponent(redirect)}`);
  await fillSignIn(page, email);
}

/** An account through the API (sign-up and the mailed link), named for the pages that show it. */
export async function createAccount(
  label: string,
  address: string,
  name: { first: string; last: string },
): Promise<{ email: string; id: string; client: ReturnType<typeof visitor> }> {
  const email = uniqueEmail(label);
  const client = visitor(address);
  const session = await signUpAndConfirm(client, email, {
    password: PASSWORD,
    data: { first_name: name.first, last_name: name.last },
  });
  return { email, id: session.user.id, client };
}

export interface TotpAdmin {
  email: string;
  id: string;
  secret: string;
}

/** An admin with a verified TOTP factor; the enrolment takes this time step's code. */
export async function createTotpAdmin(
  label: string,
  address: string,
  name: { first: string; last: string },
): Promise<TotpAdmin> {
  const made = await createAccount(label, address, name);
  await withDatabase((db) => db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [made.id]));
  const enrolled = await made.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'SciAI' });
  if (enrolled.error) throw enrolled.error;
  const verified = await made.client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await generate({ secret: enrolled.data.totp.secret }),
  });
  if (verified.error) throw verified.error;
  return { email: made.email, id: made.id, secret: enrolled.data.totp.secret };
}

/** Signs an admin in with password and then the two-factor step; the caller waits for its page. */
export async function signInWithTotp(
  page: Page,
  redirect: string,
  admin: { email: string; secret: string },
): Promise<void> {
  await signInTo(page, admin.email, redirect);
  // the enrolment used this time step's code; each step's code is taken once
  const code = await generate({ secret: admin.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByRole('textbox', { name: 'Two-factor code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}
