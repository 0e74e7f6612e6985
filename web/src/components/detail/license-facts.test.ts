import { describe, expect, it } from 'vitest';
import { licenseFacts } from './license-facts.ts';

describe('the licence rows of a tool or agent', () => {
  it('says only the code licence when that is all that is known', () => {
    expect(licenseFacts({ license: 'Apache-2.0' })).toEqual([['License', 'Apache-2.0 · Open source']]);
    expect(licenseFacts({})).toEqual([]);
  });

  it('names the code licence as such beside a weights licence, and availability apart', () => {
    expect(licenseFacts({ license: 'Apache-2.0', weights_license: 'CC-BY-NC-4.0', availability: 'open' })).toEqual([
      ['Code License', 'Apache-2.0 · Open source'],
      ['Weights License', 'CC-BY-NC-4.0'],
      ['Availability', 'Open'],
    ]);
    // an open code licence implies nothing of the weights: no row for them
    expect(licenseFacts({ license: 'MIT', availability: 'api_only' })).toEqual([
      ['License', 'MIT · Open source'],
      ['Availability', 'API only'],
    ]);
  });
});
