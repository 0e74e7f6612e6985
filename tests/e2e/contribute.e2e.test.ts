import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, MOBILE, openPage } from './browser.ts';
import { signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';
import { addressesIn, fillSignIn } from './session.ts';

const browser = useBrowser();

/** Each browser sends its own address: the auth service limits sign-ins per address. */
const { fromAddress } = addressesIn('198.51.102');

async function confirmedAccount(label: string, role?: 'moderator'): Promise<string> {
  const email = uniqueEmail(label);
  const session = await signUpAndConfirm(visitor(), email, { data: { first_name: 'Rosalind', last_name: 'Franklin' } });
  if (role) {
    await withDatabase((db) =>
      db.query('insert into public.user_roles (user_id, role) values ($1, $2)', [session.user.id, role]),
    );
  }
  return email;
}

async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/auth/signin');
  await fillSignIn(page, email);
  await page.waitForURL((url) => url.pathname === path);
}

const stepHeading = (page: Page, text: string) => page.getByRole('heading', { level: 2, name: text });

describe('contributing a tool: its first release, and a submission that fails', () => {
  it('asks for the first release, says a failed submit failed and keeps the draft, then sends it', async () => {
    const title = `Release Tracker ${randomUUID().slice(0, 6)}`;
    const email = await confirmedAccount('release');
    const { page, close } = await openPage(browser(), fromAddress(93));
    try {
      await signInAt(page, '/contribute', email);
      await stepHeading(page, 'Step 1 of 4: Type and basic info').waitFor();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await page.getByRole('checkbox', { name: 'Biology', exact: true }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await stepHeading(page, 'Step 2 of 4: Detailed info').waitFor();
      await page.getByRole('textbox', { name: 'Short description' }).fill('Tracks releases');
      await page.getByRole('textbox', { name: 'Full description' }).fill('Tracks the releases of research software.');
      await page.getByRole('textbox', { name: 'First release' }).fill('July 2021');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Enter the first release as YYYY, YYYY-MM or YYYY-MM-DD, not in the future').waitFor();
      await page.getByRole('textbox', { name: 'First release' }).fill('2021-07');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await stepHeading(page, 'Step 3 of 4: Verification and relationship').waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await stepHeading(page, 'Step 4 of 4: Review and submit').waitFor();
      const review = page.getByRole('region', { name: 'Step 4 of 4: Review and submit' });
      await review.getByText('2021-07').waitFor();

      // the store refuses: the toast says it failed, and nothing is lost
      await page.route('**/rest/v1/content_submissions**', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('Your submission could not be sent').waitFor();
      expect(await page.getByText('Thank you for your submission').count()).toBe(0);
      await stepHeading(page, 'Step 4 of 4: Review and submit').waitFor();
      await review.getByText(title).waitFor();

      await page.unroute('**/rest/v1/content_submissions**');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText("Contribution submitted successfully! We'll review it and get back to you.").waitFor();
      const stored = await withDatabase((db) =>
        db.query<{ metadata: { first_release?: string } }>(
          'select metadata from public.content_submissions where title = $1',
          [title],
        ),
      );
      expect(stored.rows.map((row) => row.metadata.first_release)).toEqual(['2021-07']);
    } finally {
      await close();
    }
  });
});

describe('contributing a paper and moderating it', () => {
  it('walks the wizard with a reload mid-way, submits, and a moderator publishes it to /browse', async () => {
    const title = `Diffraction Patterns of Helical Molecules ${randomUUID().slice(0, 6)}`;
    const contributorEmail = await confirmedAccount('contributor');
    const moderatorEmail = await confirmedAccount('moderator', 'moderator');

    const contributor = await openPage(browser(), fromAddress(91));
    const { page } = contributor;
    try {
      await signInAt(page, '/contribute', contributorEmail);
      await stepHeading(page, 'Step 1 of 4: Type and basic info').waitFor();
      expect(await page.getByRole('button', { name: 'Previous', exact: true }).isDisabled()).toBe(true);

      // Next refuses an incomplete step and says why, next to the fields.
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Title is required').waitFor();
      await page.getByText('Select at least one scientific domain').waitFor();
      await page.getByRole('radio', { name: 'Research Paper' }).check();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await page.getByRole('checkbox', { name: 'Biology', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Chemistry', exact: true }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await stepHeading(page, 'Step 2 of 4: Detailed info').waitFor();
      await page.getByRole('textbox', { name: 'Short description' }).fill('X-ray diffraction of DNA fibres');
      await page.getByText('31/150 characters').waitFor();
      await page
        .getByRole('textbox', { name: 'Full description' })
        .fill('Photograph 51 and what it tells about the double helix.');
      await page.getByRole('textbox', { name: 'Key feature 1' }).fill('Fibre diffraction');
      await page.getByRole('button', { name: 'Add feature' }).click();
      await page.getByRole('button', { name: 'Add feature' }).click();
      await page.getByRole('textbox', { name: 'Key feature 3' }).fill('Helical parameters');
      await page.getByRole('textbox', { name: 'DOI' }).fill('not-a-doi');
      await page.getByRole('textbox', { name: 'Journal' }).fill('Nature');
      await page.getByRole('textbox', { name: 'Year' }).fill('1953');
      const authors = page.getByRole('combobox', { name: 'Authors' });
      await authors.fill('Rosalind Franklin');
      await authors.press('Enter');
      await authors.fill('Raymond Gosling');
      await authors.press('Enter');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Enter a valid DOI, e.g. 10.1038/s41586-021-03819-2').waitFor();
      await page.getByRole('textbox', { name: 'DOI' }).fill(`10.5555/helix.${randomUUID().slice(0, 8)}`);

      // A reload keeps the draft and the step.
      await page.reload();
      await stepHeading(page, 'Step 2 of 4: Detailed info').waitFor();
      expect(await page.getByRole('textbox', { name: 'Journal' }).inputValue()).toBe('Nature');
      await page.getByText('Raymond Gosling').waitFor();
      await page.getByRole('button', { name: 'Previous', exact: true }).click();
      expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(title);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await stepHeading(page, 'Step 3 of 4: Verification and relationship').waitFor();
      await page.getByRole('radio', { name: 'I research it' }).check();
      await page.getByRole('textbox', { name: 'Verification details' }).fill('I work on fibre diffraction.');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await stepHeading(page, 'Step 4 of 4: Review and submit').waitFor();
      await page.getByText('No similar items or submissions found.').waitFor();
      const review = page.getByRole('region', { name: 'Step 4 of 4: Review and submit' });
      expect(await review.getByRole('listitem').allTextContents()).toEqual(['Fibre diffraction', 'Helical parameters']);
      await review.getByText('Rosalind Franklin, Raymond Gosling').waitFor();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText("Contribution submitted successfully! We'll review it and get back to you.").waitFor();

      // The form starts over: step 1, type software.
      await stepHeading(page, 'Step 1 of 4: Type and basic info').waitFor();
      expect(await page.getByRole('radio', { name: 'Software Tool' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('');

      await page.goto('/profile');
      const mine = page.getByRole('region', { name: 'My contributions' });
      await mine.getByText(title).waitFor();
      await mine.getByText('Pending review').waitFor();
      expect(contributor.consoleErrors).toEqual([]);
    } finally {
      await contributor.close();
    }

    const moderator = await openPage(browser(), fromAddress(92));
    try {
      const mod = moderator.page;
      await signInAt(mod, '/admin/content', moderatorEmail);
      const card = mod.getByRole('article', { name: title });
      await card.getByText('I work on fibre diffraction.').waitFor();
      await card.getByRole('button', { name: 'Approve' }).click();
      await mod.getByText('Submission approved').waitFor();
      await card.waitFor({ state: 'detached' });

      await mod.goto(`/browse?search=${encodeURIComponent(title)}`);
      await mod.getByRole('link', { name: title }).first().click();
      await mod.waitForURL((url) => url.pathname.startsWith('/paper/'));
      await mod.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(moderator.consoleErrors).toEqual([]);
    } finally {
      await moderator.close();
    }
  });
});

describe('a decision the contributor reads', () => {
  it('changes requested with a reason, edited and resubmitted on a phone, then rejected', async () => {
    const client = visitor();
    const contributorEmail = uniqueEmail('phone');
    const session = await signUpAndConfirm(client, contributorEmail, {
      data: { first_name: 'Mae', last_name: 'Jemison' },
    });
    const draft = validDraft((await domainIds(client)).slice(0, 1));
    const id = await submit(client, session.user.id, rowOf(draft));
    const moderatorEmail = await confirmedAccount('moderator', 'moderator');

    const moderator = await openPage(browser(), fromAddress(93));
    const phone = await openPage(browser(), { ...fromAddress(94), viewport: MOBILE });
    try {
      const mod = moderator.page;
      await signInAt(mod, '/admin/content', moderatorEmail);
      let card = mod.getByRole('article', { name: draft.title });
      await card.getByRole('button', { name: 'Request changes' }).click();
      const dialog = mod.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Request changes' }).click();
      await dialog.getByText('A reason is required').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Please add the GitHub URL.');
      await dialog.getByRole('button', { name: 'Request changes' }).click();
      await mod.getByText('Changes requested', { exact: true }).waitFor();
      await card.waitFor({ state: 'detached' });

      const { page } = phone;
      await signInAt(page, '/profile', contributorEmail);
      const mine = page.getByRole('region', { name: 'My contributions' });
      await mine.getByText('Please add the GitHub URL.').waitFor();
      await mine.getByText('Changes requested', { exact: true }).waitFor();
      await mine.getByRole('link', { name: 'Edit and resubmit' }).click();
      await page.waitForURL((url) => url.pathname === '/contribute' && url.search === '');
      await page.getByText('Editing a submission').waitFor();
      expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(draft.title);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      // The steps are one line of numbers on a phone (the card's heading names the step), so the
      // form starts in the first screen rather than under a stepper half the screen tall.
      const step = page.getByRole('heading', { level: 2, name: 'Step 1 of 4: Type and basic info' });
      expect(((await step.boundingBox())?.y ?? Infinity) + 200).toBeLessThan(MOBILE.height);
      expect(await page.getByRole('button', { name: 'Step 4: Review and submit' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('textbox', { name: 'GitHub URL' }).fill('https://github.com/example/lattice');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Step 4 of 4: Review and submit' }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
      await page.getByRole('button', { name: 'Resubmit', exact: true }).click();
      await page.getByText("Contribution submitted successfully! We'll review it and get back to you.").waitFor();

      await mod.reload();
      card = mod.getByRole('article', { name: draft.title });
      await card.getByText('https://github.com/example/lattice').waitFor();
      await card.getByRole('button', { name: 'Reject' }).click();
      await mod.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Already listed under another name.');
      await mod.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await mod.getByText('Submission rejected').waitFor();

      await page.goto('/profile');
      await mine.getByText('Already listed under another name.').waitFor();
      await mine.getByText('Rejected', { exact: true }).waitFor();
      const { data } = await client.from('content_submissions').select('status').eq('id', id).single();
      expect(data).toEqual({ status: 'rejected' });
      expect([...moderator.consoleErrors, ...phone.consoleErrors]).toEqual([]);
    } finally {
      await moderator.close();
      await phone.close();
    }
  });
});

describe('accessibility of the wizard and the queue (axe-core, WCAG 2.1 AA)', () => {
  it('has no violations on each step, with messages shown, and in the moderation queue', async () => {
    const email = await confirmedAccount('axe-moderator', 'moderator');
    const contributorClient = visitor();
    const session = await signUpAndConfirm(contributorClient, uniqueEmail('axe'));
    await submit(
      contributorClient,
      session.user.id,
      rowOf(validDraft((await domainIds(contributorClient)).slice(0, 2))),
    );

    const { page, close } = await openPage(browser(), { ...fromAddress(95), bypassCSP: true });
    try {
      await signInAt(page, '/contribute', email);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Title is required').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('radio', { name: 'Research Paper' }).check();
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Accessible Paper');
      await page.getByRole('checkbox', { name: 'Physics', exact: true }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Short description is required').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/admin/content');
      await page.getByRole('article').first().getByRole('button', { name: 'Approve' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
