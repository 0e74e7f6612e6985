import { describe, expect, it } from 'vitest';
import { isValidOrcid, orcidCheckCharacter, orcidProblem, OrcidSchema, orcidUrl } from './orcid.ts';

describe('isValidOrcid', () => {
  it('accepts real ORCID iDs, including one whose check character is X', () => {
    // Josiah Carberry (ORCID's test researcher), a real researcher, and the X example from ORCID's docs
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isValidOrcid('0000-0001-5109-3700')).toBe(true);
    expect(isValidOrcid('0000-0002-1694-233X')).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isValidOrcid('0000-0001-5109-370X')).toBe(false);
    expect(isValidOrcid('0000-0002-1694-2330')).toBe(false);
  });

  it('rejects anything that is not four groups of four', () => {
    for (const bad of [
      '',
      '0000000218250097',
      '0000-0002-1825-009',
      '0000-0002-1825-00977',
      '0000-0002-1825-009x',
      'abcd-0002-1825-0097',
      ' 0000-0002-1825-0097',
    ]) {
      expect(isValidOrcid(bad)).toBe(false);
    }
  });
});

describe('orcidCheckCharacter', () => {
  it('computes ISO 7064 MOD 11-2 over the first 15 digits', () => {
    expect(orcidCheckCharacter('000000021825009')).toBe('7');
    expect(orcidCheckCharacter('000000015109370')).toBe('0');
    expect(orcidCheckCharacter('000000021694233')).toBe('X');
  });
});

describe('orcidProblem', () => {
  it('allows blank (no ORCID) and a valid iD in any letter case', () => {
    expect(orcidProblem('  ')).toBeNull();
    expect(orcidProblem('0000-0002-1694-233x')).toBeNull();
  });
  it('says whether the format or the checksum is wrong', () => {
    expect(orcidProblem('1234')).toBe('ORCID iD must look like 0000-0000-0000-0000');
    expect(orcidProblem('0000-0002-1825-0098')).toBe('This ORCID iD is not valid (its check digit does not match)');
  });
});

describe('OrcidSchema and orcidUrl', () => {
  it('normalises and validates, and links to orcid.org', () => {
    expect(OrcidSchema.parse(' 0000-0002-1694-233x ')).toBe('0000-0002-1694-233X');
    expect(OrcidSchema.safeParse('0000-0002-1825-0098').success).toBe(false);
    expect(orcidUrl('0000-0002-1825-0097')).toBe('https://orcid.org/0000-0002-1825-0097');
  });
});
