import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/auth.ts';
import { countAsVisitor, useBrowser, MOBILE, openPage, restAsVisitor } from './browser.ts';

const browser = useBrowser();

interface StoredSignup {
  email: string;
  first_name: string | null;
  last_name: string | null;
  research_interests: string[];
  referral_source: string | null;
  additional_info: string | null;
}

/** The stored sign-ups for an address in any letter case, read with the service key (visitors cannot). */
async function signupsFor(email: string): Promise<StoredSignup[]> {
  const backend = inject('backend');
  const response = await fetch(
    `${backend.url}/rest/v1/waitlist_signups?select=email,first_name,last_name,research_interests,referral_source,additional_info&email=ilike.${encodeURIComponent(email)}`,
    { headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` } },
  );
  if (!response.ok) throw new Error(`cannot read the waitlist: ${response.status}`);
  return (await response.json()) as StoredSignup[];
}

async function openWaitlist(page: Page) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Early Access Program' });
  await card.getByRole('button', { name: 'Join Waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join SciAI' });
  await dialog.waitFor();
  return dialog;
}

/** Toasts are role=alert; several may be on screen. */
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('waitlist', () => {
  it('signs a visitor up: trimmed values, blanks as null, domain ids, a toast, and the modal closes 1.5 s later', async () => {
    const { page, close } = await openPage(browser());
    try {
      const dialog = await openWaitlist(page);
      await dialog.getByText('Get early access to the AI tools that will accelerate your research.').waitFor();

      // Research interests: one checkbox per scientific domain, in a list at most 8rem tall that scrolls.
      const interests = dialog.getByRole('group', { name: 'Research interests' });
      await interests.getByRole('checkbox').first().waitFor();
      expect(await interests.getByRole('checkbox').count()).toBe(await countAsVisitor('scientific_domains?select=id'));
      const list = dialog.getByTestId('research-interests');
      const { clientHeight, scrollHeight, maxHeight } = await list.evaluate((element) => ({
        clientHeight: element.clientHeight,
        scrollHeight: element.scrollHeight,
        maxHeight: element.ownerDocument.defaultView?.getComputedStyle(element).maxHeight,
      }));
      expect(maxHeight).toBe('128px');
      expect(scrollHeight).toBeGreaterThan(clientHeight);

      const email = uniqueEmail('Success');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(`  ${email}  `);
      await dialog.getByRole('textbox', { name: 'First name' }).fill(' Rosalind ');
      await dialog.getByRole('textbox', { name: 'Last name' }).fill('   ');
      await interests.getByRole('checkbox', { name: 'Chemistry', exact: true }).check();
      await dialog.getByRole('textbox', { name: 'How did you hear about us?' }).fill(' A colleague ');

      // Hold the insert a moment to see the submitting state.
      await page.route('**/rest/v1/waitlist_signups', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      const submit = dialog.getByRole('button', { name: 'Join Waitlist' });
      await submit.click();
      const submitting = dialog.getByRole('button', { name: 'Joining waitlist...' });
      await submitting.waitFor();
      expect(await submitting.isDisabled()).toBe(true);

      const welcome = toast(page, 'Welcome to the waitlist! 🎉');
      await welcome.waitFor();
      const toastShownAt = Date.now();
      expect(await welcome.textContent()).toContain(
        "We'll notify you as soon as we launch. Thank you for your interest!",
      );
      // The form is reset while the modal is still open, then it closes by itself.
      expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
      expect(await dialog.isVisible()).toBe(true);
      // It stays open a while, then closes with no one touching it (how soon under load is not asserted).
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      expect(Date.now() - toastShownAt).toBeGreaterThan(1_200);

      const chemistry = (await (
        await restAsVisitor('scientific_domains?select=id&slug=eq.chemistry')
      ).json()) as Array<{ id: string }>;
      expect(await signupsFor(email)).toEqual([
        {
          email,
          first_name: 'Rosalind',
          last_name: null,
          research_interests: [chemistry[0]!.id],
          referral_source: 'A colleague',
          additional_info: null,
        },
      ]);
    } finally {
      await close();
    }
  });

  it('says so when the address is already on the list, in another letter case', async () => {
    const email = uniqueEmail('twice');
    const first = await restAsVisitor('waitlist_signups', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(first.status).toBe(201);

    const { page, close } = await openPage(browser());
    try {
      const dialog = await openWaitlist(page);
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
      await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
      const already = toast(page, 'Already on the waitlist');
      await already.waitFor();
      expect(await already.textContent()).toContain("This email is already registered. We'll be in touch soon!");
      // The destructive (red) variant.
      expect(await already.getAttribute('style')).toContain('--notification-color: var(--mantine-color-red-filled)');
      // Nothing closes: the visitor may correct the address.
      await page.waitForTimeout(1_800);
      expect(await dialog.isVisible()).toBe(true);
      expect(await signupsFor(email)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('asks for an email and sends nothing when it is blank', async () => {
    const { page, close } = await openPage(browser());
    try {
      const inserts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/waitlist_signups')) inserts.push(request.method());
      });
      const dialog = await openWaitlist(page);
      await dialog.getByRole('textbox', { name: 'Email' }).fill('    ');
      await dialog.getByRole('textbox', { name: 'First name' }).fill('Marie');
      await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
      const required = toast(page, 'Email required');
      await required.waitFor();
      expect(await required.textContent()).toContain('Please enter your email address to join the waitlist.');
      expect(inserts).toEqual([]);
      expect(await dialog.isVisible()).toBe(true);

      // A malformed address is caught at the field, before the database would refuse it.
      await dialog.getByRole('textbox', { name: 'Email' }).fill('marie@curie');
      await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
      await dialog.getByText('Please enter a valid email address').waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
      expect(inserts).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows "Something went wrong" when the gateway refuses a sign-up (rate limit, 429)', async () => {
    // This visitor comes through a proxy from an address that has used up its five sign-ups.
    const address = `198.51.100.${20 + Math.floor(Math.random() * 200)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await restAsVisitor('waitlist_signups', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: uniqueEmail('limit') }),
      });
      expect(response.status).toBe(201);
    }
    const { page, close } = await openPage(browser(), { extraHTTPHeaders: { 'x-forwarded-for': address } });
    try {
      const dialog = await openWaitlist(page);
      const email = uniqueEmail('limited');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      const answer = page.waitForResponse((response) => response.url().includes('/rest/v1/waitlist_signups'));
      await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
      expect((await answer).status()).toBe(429);
      const failed = toast(page, 'Something went wrong');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('Please try again or contact us directly.');
      expect(await signupsFor(email)).toEqual([]);
      expect(await dialog.getByRole('button', { name: 'Join Waitlist' }).isEnabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it('works from the keyboard: focus moves in, stays in, and Escape closes back to the button', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/');
      const open = page
        .getByRole('region', { name: 'Early Access Program' })
        .getByRole('button', { name: 'Join Waitlist' });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Join SciAI' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('type')")).toBe('email');

      const insideDialog = () => page.evaluate(`Boolean(document.activeElement?.closest('[role="dialog"]'))`);
      for (let step = 0; step < 40; step += 1) {
        await page.keyboard.press('Tab');
        expect(await insideDialog(), `focus after ${step + 1} tabs`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => open.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });

  it('fits a 375px screen and signs up from there', async () => {
    const { page, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      const dialog = await openWaitlist(page);
      const box = await page.locator('.mantine-Modal-content').boundingBox();
      expect(box?.width).toBe(MOBILE.width);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

      const email = uniqueEmail('mobile');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      const submit = dialog.getByRole('button', { name: 'Join Waitlist' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await toast(page, 'Welcome to the waitlist! 🎉').waitFor();
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
      expect(await signupsFor(email)).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
