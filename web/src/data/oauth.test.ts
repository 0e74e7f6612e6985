import { describe, expect, it } from 'vitest';
import { shownOrcid, signsInWithOrcidOnly } from './oauth.ts';

describe('shownOrcid', () => {
  it('shows the ORCID-verified iD, in place of a typed one', () => {
    expect(shownOrcid('0000-0002-1825-0097', '0000-0001-5109-3700')).toEqual({
      id: '0000-0002-1825-0097',
      verified: true,
    });
  });

  it('shows a typed iD as not verified, and nothing without either', () => {
    expect(shownOrcid(undefined, '0000-0001-5109-3700')).toEqual({ id: '0000-0001-5109-3700', verified: false });
    expect(shownOrcid(undefined, null)).toBeNull();
    expect(shownOrcid(undefined, '')).toBeNull();
  });
});

describe('signsInWithOrcidOnly', () => {
  it('is true only for an account whose one way in is ORCID', () => {
    expect(signsInWithOrcidOnly({ providers: ['orcid'] })).toBe(true);
    expect(signsInWithOrcidOnly({ providers: ['email', 'orcid'] })).toBe(false);
    expect(signsInWithOrcidOnly({ providers: ['github', 'orcid'] })).toBe(false);
    expect(signsInWithOrcidOnly({ providers: [] })).toBe(false);
    expect(signsInWithOrcidOnly({})).toBe(false);
  });
});
