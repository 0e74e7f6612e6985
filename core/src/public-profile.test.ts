import { describe, expect, it } from 'vitest';
import {
  parseProfilePath,
  publicProfileDescription,
  publicProfileInitials,
  publicProfileName,
  publicProfileTitle,
} from './public-profile.ts';

const base = { handle: 'ada-l', display_name: null, first_name: null, last_name: null, bio: null, institution: null };

describe('public profile texts', () => {
  it('names the profile by display name, then names, then @handle', () => {
    expect(publicProfileName({ ...base, display_name: 'Ada L.' })).toBe('Ada L.');
    expect(publicProfileName({ ...base, first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(publicProfileName(base)).toBe('@ada-l');
    expect(publicProfileInitials({ ...base, first_name: 'Ada', last_name: 'Lovelace' })).toBe('AL');
    expect(publicProfileInitials(base)).toBe('A');
    expect(publicProfileTitle({ ...base, display_name: 'Ada L.' })).toBe('Ada L. — SciAI');
  });

  it('describes the profile by its bio (cut at 160 characters), else by name and institution', () => {
    expect(publicProfileDescription({ ...base, bio: ' Counts\n things. ' })).toBe('Counts things.');
    const long = publicProfileDescription({ ...base, bio: 'x'.repeat(300) });
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
    expect(publicProfileDescription({ ...base, first_name: 'Ada', institution: 'Analytical Society' })).toBe(
      'Ada, Analytical Society, on SciAI.',
    );
    expect(publicProfileDescription(base)).toBe('@ada-l on SciAI.');
  });
});

describe('parseProfilePath', () => {
  it('reads the handle of /u/:handle, in lower case', () => {
    expect(parseProfilePath('/u/ada-l')).toBe('ada-l');
    expect(parseProfilePath('/u/Ada-L/')).toBe('ada-l');
  });
  it('ignores other paths and malformed handles', () => {
    for (const path of ['/u/', '/u/a', '/u/ada/more', '/users/ada', '/u/%E0%A4%A', '/u/-ada']) {
      expect(parseProfilePath(path)).toBeUndefined();
    }
  });
});
