import { describe, expect, it } from 'vitest';
import { maintainedItemReviewMail, parseMaintainedItemReviewPayload } from './maintained-item-review-mail.ts';

const site = 'https://sciai.example';

describe('the e-mail of a new review of a maintained item', () => {
  it('names the item, the reviewer and the rating, links the review and the settings, escapes the HTML', () => {
    const payload = parseMaintainedItemReviewPayload({
      review_id: 'r1',
      title: 'Fold <fast>',
      content_type: 'software',
      slug: 'fold-fast',
      rating: 4,
      reviewer: 'Ada <b>Lovelace</b>',
    });
    expect(payload).toBeDefined();
    const mail = maintainedItemReviewMail({ to: 'm@example.org', firstName: 'Grace', payload: payload!, site });
    expect(mail.subject).toBe('New review of “Fold <fast>” on SciAI');
    expect(mail.text).toContain('Hello Grace,');
    expect(mail.text).toContain(
      'Ada <b>Lovelace</b> reviewed “Fold <fast>”, which you maintain, and rated it 4 out of 5.',
    );
    expect(mail.links).toEqual([`${site}/tool/fold-fast#review-r1`, `${site}/settings?tab=notifications`]);
    for (const link of mail.links) expect(mail.text).toContain(link);
    expect(mail.html).toContain('Ada &#60;b&#62;Lovelace&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Lovelace');
  });

  it('reads a malformed payload as none, so the outbox marks it failed', () => {
    const valid = { review_id: 'r1', title: 'Atlas', content_type: 'paper', slug: 'atlas', rating: 5 };
    expect(parseMaintainedItemReviewPayload(valid)).toMatchObject({ reviewer: 'A SciAI member' });
    expect(parseMaintainedItemReviewPayload({ ...valid, rating: 6 })).toBeUndefined();
    expect(parseMaintainedItemReviewPayload({ ...valid, content_type: 'dataset' })).toBeUndefined();
    expect(parseMaintainedItemReviewPayload({ ...valid, slug: '' })).toBeUndefined();
    expect(parseMaintainedItemReviewPayload('text')).toBeUndefined();
  });
});
