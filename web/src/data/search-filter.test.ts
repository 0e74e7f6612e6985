import { describe, expect, it } from 'vitest';
import { containsAnyFilter, escapeLikePattern, quotePostgrestValue } from './search-filter.ts';

describe('escapeLikePattern', () => {
  it('makes ILIKE wildcards and the escape character literal', () => {
    expect(escapeLikePattern('100%_done\\')).toBe('100\\%\\_done\\\\');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeLikePattern('AlphaFold 3 (protein)')).toBe('AlphaFold 3 (protein)');
  });
});

describe('quotePostgrestValue', () => {
  it('wraps in double quotes and escapes quotes and backslashes', () => {
    expect(quotePostgrestValue('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });
});

describe('containsAnyFilter', () => {
  it('matches the text anywhere in any of the columns', () => {
    expect(containsAnyFilter(['title', 'short_description'], 'protein')).toBe(
      'title.ilike."%protein%",short_description.ilike."%protein%"',
    );
  });

  it('keeps separators of the or= grammar inside the quoted value', () => {
    const filter = containsAnyFilter(['title'], 'a,b(c)');
    expect(filter).toBe('title.ilike."%a,b(c)%"');
  });

  it('escapes for ILIKE first, then for PostgREST', () => {
    // ILIKE pattern %50\%% ; PostgREST reads \\ as one backslash inside quotes.
    expect(containsAnyFilter(['title'], '50%')).toBe('title.ilike."%50\\\\%%"');
  });
});
