import { describe, expect, it } from 'vitest';
import { listeningOrigin } from './register-review-mail.ts';
import { parseReviewPayload, reviewMail, type ReviewMailInput } from './review-mail.ts';

const SITE = 'https://sciai.example/app';

function input(changes: Partial<ReviewMailInput> = {}): ReviewMailInput {
  return {
    kind: 'submission_rejected',
    to: 'ada@example.org',
    firstName: 'Ada',
    site: SITE,
    payload: {
      submissionId: 's-1',
      title: 'Lattice Lab',
      contentType: 'software',
      reason: 'Not a research tool.',
      slug: undefined,
    },
    ...changes,
  };
}

describe('review mails', () => {
  it('names the submission and the reason of a rejection, and links to the profile', () => {
    const mail = reviewMail(input());
    expect(mail).toMatchObject({
      kind: 'submission_rejected',
      to: 'ada@example.org',
      subject: 'Your submission “Lattice Lab” was not approved',
    });
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('Reason from the moderator:\nNot a research tool.');
    expect(mail.links).toEqual([`${SITE}/profile`]);
    expect(mail.text).toContain(`${SITE}/settings`);
  });

  it('links an approval to the item page of its type, and to the profile', () => {
    const payload = {
      submissionId: 's-2',
      title: 'Protein Paper',
      contentType: 'paper' as const,
      reason: undefined,
      slug: 'protein-paper',
    };
    const mail = reviewMail(input({ kind: 'submission_approved', payload }));
    expect(mail.subject).toBe('Your submission “Protein Paper” was approved');
    expect(mail.links).toEqual([`${SITE}/paper/protein-paper`, `${SITE}/profile`]);
    expect(mail.text).toContain(`See it on SciAI:\n${SITE}/paper/protein-paper`);
    expect(mail.text).not.toContain('Reason from the moderator');
  });

  it('falls back to the profile when an approved item has no slug, and to a plain greeting', () => {
    const mail = reviewMail(
      input({ kind: 'submission_approved', firstName: '  ', payload: { ...input().payload, reason: undefined } }),
    );
    expect(mail.links).toEqual([`${SITE}/profile`]);
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });

  it('asks for changes with the reason, and escapes what users wrote in the HTML', () => {
    const payload = { ...input().payload, title: '<script>alert(1)</script>', reason: 'Use "quotes" & <b>tags</b>' };
    const mail = reviewMail(input({ kind: 'submission_changes_requested', firstName: '<Eve>', payload }));
    expect(mail.subject).toBe('Changes requested for your submission “<script>alert(1)</script>”');
    expect(mail.html).not.toMatch(/<script|<b>|<Eve>/);
    expect(mail.html).toContain('Use &#34;quotes&#34; &#38; &#60;b&#62;tags&#60;/b&#62;');
    expect(mail.text).toContain('Use "quotes" & <b>tags</b>');
  });

  it('reads the payload the trigger writes and refuses a malformed one', () => {
    expect(parseReviewPayload({ submission_id: 'x', title: 'T', content_type: 'agent', slug: 'a' })).toEqual({
      submissionId: 'x',
      title: 'T',
      contentType: 'agent',
      reason: undefined,
      slug: 'a',
    });
    expect(
      parseReviewPayload({ submission_id: 'x', title: 'T', content_type: 'spaceship' })?.contentType,
    ).toBeUndefined();
    expect(parseReviewPayload({ title: 'T' })).toBeUndefined();
    expect(parseReviewPayload(null)).toBeUndefined();
    expect(parseReviewPayload('text')).toBeUndefined();
  });
});

describe('listeningOrigin', () => {
  it('turns the gateway address into a link origin', () => {
    expect(listeningOrigin([{ address: '127.0.0.1', family: 'IPv4', port: 3000 }])).toBe('http://127.0.0.1:3000');
    expect(listeningOrigin([{ address: '0.0.0.0', family: 'IPv4', port: 80 }])).toBe('http://localhost:80');
    expect(listeningOrigin(['/tmp/sock', { address: '::1', family: 'IPv6', port: 8080 }])).toBe('http://[::1]:8080');
    expect(listeningOrigin([])).toBe('http://localhost');
  });
});
