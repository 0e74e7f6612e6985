import { describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients.ts';

/**
 * The abbreviation list and the partial-match fallback of search_items
 * (docs/product.md#browse-search) under queries built to make them work hard: every
 * abbreviation at once, the longest query allowed, words that are all "or", odd encodings. Each
 * is answered (or refused as a client error) without a 5xx, and quickly.
 */
describe('hostile search words', () => {
  const anon = anonClient();
  const abbreviations = ['scRNA-seq', 'cryo-EM', 'MD', 'NLP', 'LLM', 'GNN', 'MRI', 'EEG', 'fMRI', 'CNN', 'DFT'];

  async function search(search: string): Promise<{ status: number; total?: number; partial?: boolean }> {
    const { status, data } = await anon.rpc('search_items', { search });
    const answer = data as { total?: number; partial_match?: boolean } | null;
    return { status, total: answer?.total, partial: answer?.partial_match };
  }

  it('answers queries of many abbreviations, up to the length limit, without a server error', async () => {
    const many = Array.from({ length: 40 }, (_, i) => abbreviations[i % abbreviations.length]).join(' ');
    const queries = [
      many.slice(0, 200),
      abbreviations.join(' '),
      // every form of one pair, over and over: the same variant many times
      'md '.repeat(66),
      'molecular dynamics '.repeat(10),
      // a form and its long form side by side
      'cryo-EM cryo-electron microscopy scRNA-seq single-cell RNA sequencing',
      // all the words "or", or nothing but signs
      'or or or or or or or or or or',
      '- - - - " " " " - -',
      '"cryo-EM" -MD',
      `${abbreviations.join(' or ')} zzqxj`,
    ];
    for (const query of queries) {
      const started = performance.now();
      const { status, total } = await search(query);
      expect(status, query.slice(0, 40)).toBe(200);
      expect(total, query.slice(0, 40)).toBeGreaterThanOrEqual(0);
      expect(performance.now() - started, query.slice(0, 40)).toBeLessThan(20_000);
    }
  });

  it('answers queries that make every word widen to its forms without a server error', async () => {
    // each a known word with a long stem (widened to the words beginning with it) or a plural
    const known = ['classification', 'segmentation', 'prediction', 'generation', 'molecular', 'lens', 'box', 'llms'];
    const queries = [
      Array.from({ length: 30 }, (_, i) => known[i % known.length])
        .join(' ')
        .slice(0, 200),
      'classification '.repeat(13),
      'lens lenses lensing '.repeat(9),
      // the name's words pattern is built from the compact form: signs and digits only
      'a.*b+(c)?[d]{2,} \\1 $^ 0123456789 '.repeat(5).slice(0, 200),
      '9'.repeat(200),
      `${known.join(' or ')} or zzqxj`,
    ];
    for (const query of queries) {
      const started = performance.now();
      const { status, total } = await search(query);
      expect(status, query.slice(0, 40)).toBe(200);
      expect(total, query.slice(0, 40)).toBeGreaterThanOrEqual(0);
      expect(performance.now() - started, query.slice(0, 40)).toBeLessThan(20_000);
    }
  });

  it('refuses a query over the length limit as a client error', async () => {
    const { status } = await search(abbreviations.join(' ').repeat(30));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('answers oddly encoded words without a server error', async () => {
    const queries = [
      'ｃｒｙｏ－ＥＭ ｍｏｌｅｃｕｌａｒ', // full-width forms
      'cryo\u2011EM molecular\u00a0dynamics', // non-breaking hyphen and space
      'c\u0301ryo-EM M\u0307D', // combining marks
      '\u202emd\u202c \u200bNLP\u200b', // bidirectional controls and zero-width space
      'МД молекулярная динамика', // Cyrillic
      '分子动力学 cryo-EM',
      '🧬 scRNA-seq 🔬 zzqxj',
      "md'; drop table public.search_synonyms; --",
      'md\\ or\\ nlp %_ ( ) & | ! <-> :*',
      '\ud800 md', // a lone surrogate
    ];
    for (const query of queries) {
      const { status } = await search(query);
      expect(status, JSON.stringify(query)).toBeLessThan(500);
    }
  });

  it('keeps the list and answers exact matches the same after all that', async () => {
    const { status, total, partial } = await search('molecular dynamics');
    expect(status).toBe(200);
    expect(total).toBeGreaterThan(0);
    expect(partial).toBeUndefined();
  });
});
