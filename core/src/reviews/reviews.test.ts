import { describe, expect, it } from 'vitest';
import { itemJsonLd } from '../item-seo.ts';
import { emptyReviewForm, reviewInput } from './review-input.ts';
import { replyTextProblem } from './review-reply-rules.ts';
import { reviewTextLength } from './review-rules.ts';
import { publishedRating, reviewsJsonLd } from './review-seo.ts';
import { reviewTextSegments } from './review-text.ts';
import { validateReviewForm } from './review-validation.ts';

const TEXT = 'It predicted our structures well and the setup took one afternoon on a laptop.';

describe('reviewTextLength', () => {
  it('counts what readers see: no invisible characters, runs of spaces as one', () => {
    expect(reviewTextLength('  a \n\n b  ')).toBe(3);
    expect(reviewTextLength('\u200B'.repeat(60))).toBe(0);
    expect(reviewTextLength('é😀')).toBe(2);
  });
});

describe('replyTextProblem', () => {
  it('takes 1 to 2,000 characters of plain text, as the database does', () => {
    expect(replyTextProblem('Thanks!')).toBeNull();
    expect(replyTextProblem(` ${'x'.repeat(2000)}\n`)).toBeNull();
    expect(replyTextProblem('x'.repeat(2001))).toBe('Your reply must be at most 2,000 characters');
    expect(replyTextProblem(' \u200B\n ')).toBe('Write your reply: 1 to 2,000 characters');
    expect(replyTextProblem('ok\u202Eexe')).toBe('Your reply may not contain control or text-direction characters');
  });
});

describe('reviewTextSegments', () => {
  it('makes http(s) addresses links and leaves everything else text', () => {
    expect(reviewTextSegments('See https://example.org/a_b). <b>bold</b> javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a_b', href: 'https://example.org/a_b' },
      { kind: 'text', text: '). <b>bold</b> javascript:alert(1)' },
    ]);
  });

  it('keeps an address that is not a URL as text', () => {
    expect(reviewTextSegments('http://')).toEqual([{ kind: 'text', text: 'http://' }]);
  });
});

describe('validateReviewForm', () => {
  const values = { ...emptyReviewForm(), rating: 4, text: TEXT, task: 'Docking' };

  it('accepts a complete review and names each missing field', () => {
    expect(validateReviewForm('software', values)).toEqual({});
    expect(validateReviewForm('software', emptyReviewForm())).toEqual({
      rating: 'Choose a rating from 1 to 5 stars',
      text: 'Write at least 50 characters',
      task: 'Say what you used it for',
    });
    expect(validateReviewForm('paper', { ...values, task: '' })).toEqual({
      engagement: 'Say how you engaged with the paper',
    });
  });

  it('refuses direction overrides, long text and future dates', () => {
    expect(validateReviewForm('software', { ...values, text: `${TEXT}\u202E` }).text).toMatch(/text-direction/);
    expect(validateReviewForm('software', { ...values, text: 'x'.repeat(5001) }).text).toBe(
      'Keep your review to 5,000 characters',
    );
    expect(validateReviewForm('software', { ...values, usedOn: '2031-01-01' }, '2026-12-07').usedOn).toBe(
      'Choose a date between 1950 and today',
    );
  });
});

describe('reviewInput', () => {
  it('sends a paper its engagement and never a task', () => {
    const form = { ...emptyReviewForm(), rating: 5, text: TEXT, task: 'ignored', engagement: 'reproduced' as const };
    form.aspects.accuracy = 4;
    expect(reviewInput('paper', form)).toEqual({
      rating: 5,
      text: TEXT,
      engagement: 'reproduced',
      aspects: { accuracy: 4 },
    });
  });
});

describe('reviews in JSON-LD', () => {
  const rating = { verified_count: 1, verified_average: 5, rating_score: 3.75, other_count: 3, other_average: 3 };
  const review = {
    rating: 5,
    text: '<script>x</script>',
    created_at: '2026-12-01T10:00:00Z',
    reviewer: { name: 'Ada', orcid_id: null },
  };

  it('averages every published review and carries the top ones', () => {
    expect(publishedRating(rating)).toEqual({ count: 4, average: 3.5 });
    expect(reviewsJsonLd({ rating, reviews: [review] })).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.5, ratingCount: 4 },
      review: [{ '@type': 'Review', reviewBody: '<script>x</script>', datePublished: '2026-12-01' }],
    });
  });

  it('adds nothing to an item without reviews', () => {
    const item = {
      slug: 'tool',
      title: 'Tool',
      description: '',
      short_description: '',
      content_type: 'software' as const,
      url: null,
      year: null,
      tags: [],
      published_at: null,
      updated_at: '2026-01-01',
      organization: null,
      domains: [],
    };
    const empty = { ...rating, verified_count: 0, verified_average: null, other_count: 0, other_average: null };
    const graph = itemJsonLd({ ...item, reviews: { rating: empty, reviews: [] } }, 'https://sciai.example')['@graph'];
    expect((graph as Array<Record<string, unknown>>)[0]).not.toHaveProperty('aggregateRating');
  });
});
