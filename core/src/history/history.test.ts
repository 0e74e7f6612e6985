import { describe, expect, it } from 'vitest';
import { historyActorLabel, historyValueText, wordDiff, type DiffPart } from './index.ts';

const side = (parts: DiffPart[], kind: 'removed' | 'added') =>
  parts
    .filter((part) => part.kind !== kind)
    .map((part) => part.text)
    .join('');

describe('wordDiff', () => {
  it('marks the words that changed and keeps the rest', () => {
    expect(wordDiff('Predicts protein structure from sequence.', 'Predicts protein complexes from sequence.')).toEqual([
      { kind: 'same', text: 'Predicts protein ' },
      { kind: 'removed', text: 'structure ' },
      { kind: 'added', text: 'complexes ' },
      { kind: 'same', text: 'from sequence.' },
    ]);
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
    expect(wordDiff('Same', 'Same')).toEqual([{ kind: 'same', text: 'Same' }]);
    // no lone space kept in common between two different sentences
    expect(wordDiff('Description of a tool.', 'A tool that docks ligands.')).toEqual([
      { kind: 'removed', text: 'Description of a tool.' },
      { kind: 'added', text: 'A tool that docks ligands.' },
    ]);
  });

  it('gives each side back exactly, however the texts differ', () => {
    const cases: Array<[string, string]> = [
      ['a b c d e f', 'a x c y e z'],
      ['one  two\nthree', 'zero one two three four'],
      ['Ünïcode 🧬 words', 'Ünïcode words 🧬'],
      ['a a a b', 'b a a a'],
    ];
    for (const [before, after] of cases) {
      const parts = wordDiff(before, after);
      expect(side(parts, 'added')).toBe(before);
      expect(side(parts, 'removed')).toBe(after);
    }
  });

  it('shows a rewrite past the limit as removed then added, in bounded time', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `new${i}`).join(' ');
    const parts = wordDiff(`Intro ${before} end`, `Intro ${after} end`);
    expect(parts.map((part) => part.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(side(parts, 'added')).toBe(`Intro ${before} end`);
  });
});

describe('history wording', () => {
  it('names who or what made a version', () => {
    expect(historyActorLabel('moderator', null)).toBe('A moderator');
    expect(historyActorLabel('maintainer', 'Hedy Lamarr')).toBe('Hedy Lamarr (maintainer)');
    expect(historyActorLabel('maintainer', null)).toBe('The maintainer');
    expect(historyActorLabel('harvest:openalex', null)).toBe('OpenAlex harvest');
    expect(historyActorLabel('enrich:github', null)).toBe('GitHub enrich');
    expect(historyActorLabel('import:5f1d', null)).toBe('CSV import');
    expect(historyActorLabel('revert:3', null)).toBe('Revert to version 3');
    expect(historyActorLabel('revert:0', null)).toBe('Revert to the item as first published');
    expect(historyActorLabel('system', null)).toBe('SciAI');
  });

  it('writes facts as the page reads them', () => {
    expect(historyValueText(null)).toBe('(none)');
    expect(historyValueText([])).toBe('(none)');
    expect(historyValueText(['GPU', 'CLI'])).toBe('GPU · CLI');
    expect(historyValueText(true)).toBe('Yes');
    expect(historyValueText({ users: 1200 })).toBe('users: 1200');
    expect(historyValueText('MIT')).toBe('MIT');
  });
});
