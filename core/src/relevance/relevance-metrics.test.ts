import { describe, expect, it } from 'vitest';
import {
  dcgAt,
  evaluateQuery,
  gradesOf,
  judgmentProblems,
  ndcgAt,
  summarizeByKind,
  summarizeRelevance,
  worstQueries,
  type RelevanceJudgment,
} from './relevance-metrics.ts';

const judgment: RelevanceJudgment = { query: 'q', kind: 'name', named: true, top1: 'a', top3: ['b'], top5: ['c'] };
const grades = gradesOf(judgment);

describe('graded judgments', () => {
  it('grade 3 for the first result, 2 for the first three, 1 for the first five', () => {
    expect(Object.fromEntries(grades)).toEqual({ a: 3, b: 2, c: 1 });
  });

  it('a slug listed at two depths keeps the higher grade', () => {
    expect(gradesOf({ query: 'q', kind: 'task', named: false, top3: ['x'], top5: ['x'] }).get('x')).toBe(2);
  });
});

describe('nDCG@10 with gains 2^grade − 1 and a log2(position + 1) discount', () => {
  // ideal order a, b, c: 7/1 + 3/log2(3) + 1/2 = 7 + 1.892789 + 0.5 = 9.392789
  it('dcg by hand', () => {
    expect(dcgAt([3, 2, 1], 10)).toBeCloseTo(9.392789, 5);
    expect(dcgAt([3, 2, 1], 1)).toBe(7);
  });

  it('the ideal order scores 1', () => {
    expect(ndcgAt(['a', 'b', 'c'], grades)).toBe(1);
  });

  it('the first two swapped: (3 + 7/log2(3) + 1/2) / 9.392789 = 0.842828', () => {
    expect(ndcgAt(['b', 'a', 'c'], grades)).toBeCloseTo(0.842828, 5);
  });

  it('an unjudged first result, then the expected one: (7/log2(3)) / 9.392789 = 0.470202', () => {
    expect(ndcgAt(['x', 'a'], grades)).toBeCloseTo(0.470202, 5);
  });

  it('nothing found scores 0; a repeated slug earns once', () => {
    expect(ndcgAt([], grades)).toBe(0);
    expect(ndcgAt(['a', 'a', 'a'], grades)).toBeCloseTo(7 / 9.392789, 5);
  });

  it('only the first ten positions count', () => {
    const late = [...Array.from({ length: 10 }, (_, i) => `x${i}`), 'a'];
    expect(ndcgAt(late, grades)).toBe(0);
    // at position 10 the discount is log2(11): 7 / 3.459432 / 9.392789 = 0.215428
    expect(ndcgAt(late.slice(1), grades)).toBeCloseTo(0.215428, 5);
  });
});

describe('a query evaluated', () => {
  it('lists the expected items that are not within their depth', () => {
    const evaluation = evaluateQuery(judgment, ['b', 'x', 'y', 'z', 'w', 'a']);
    expect(evaluation.top1).toBe(false);
    expect(evaluation.misses).toEqual([
      { slug: 'a', expectedWithin: 1, foundAt: 6 },
      { slug: 'c', expectedWithin: 5, foundAt: null },
    ]);
  });

  it('top-1 is counted on named queries only', () => {
    const task: RelevanceJudgment = { query: 't', kind: 'task', named: false, top3: ['b'] };
    const evaluations = [
      evaluateQuery(judgment, ['a', 'b', 'c']),
      evaluateQuery({ ...judgment, query: 'q2' }, ['b', 'a', 'c']),
      evaluateQuery(task, ['x']),
    ];
    expect(evaluations[2]!.top1).toBeNull();
    const summary = summarizeRelevance(evaluations);
    expect(summary).toMatchObject({ queries: 3, namedQueries: 2, top1Accuracy: 0.5 });
    // mean of 1, 0.842828 and 0
    expect(summary.ndcgAt10).toBeCloseTo((1 + 0.842828) / 3, 5);
    expect(worstQueries(evaluations, 2).map((evaluation) => evaluation.query)).toEqual(['t', 'q2']);
    expect(summarizeByKind(evaluations)).toEqual([
      {
        kind: 'name',
        queries: 2,
        namedQueries: 2,
        ndcgAt10: summarizeRelevance(evaluations.slice(0, 2)).ndcgAt10,
        top1Accuracy: 0.5,
      },
      { kind: 'task', queries: 1, namedQueries: 0, ndcgAt10: 0, top1Accuracy: 0 },
    ]);
  });
});

describe('a judgment file', () => {
  const catalog = new Set(['a', 'b', 'c']);

  it('is sound when every slug is in the catalog', () => {
    expect(judgmentProblems([judgment], catalog)).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(
      judgmentProblems(
        [
          { query: 'n', kind: 'name', named: true, top3: ['a'] },
          { query: 'm', kind: 'task', named: false, top1: 'a', top3: ['b', 'c', 'd'] },
          { query: 'm', kind: 'task', named: false, top5: ['a', 'a'] },
        ],
        catalog,
      ),
    ).toEqual([
      '"n" is named but has no top1',
      '"m": more than three in top3',
      '"m": d is not in the catalog',
      '"m" is judged twice',
      '"m" judges a slug twice',
    ]);
  });
});
