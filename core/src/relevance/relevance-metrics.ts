/**
 * Search quality, measured against judged queries (tests/relevance/judged-queries.json): graded
 * nDCG@10 over every query and top-1 accuracy over the name queries. Pure: the runner gives it
 * the slugs a search returned, in order.
 */

/** What kind of query a judgment stands for; the report groups its misses by kind. */
export const QUERY_KINDS = ['name', 'prefix', 'typo', 'accent', 'joined', 'split', 'abbreviation', 'task'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/**
 * One judged query: the items a domain expert would expect in the first result, in the first
 * three and in the first five, by slug, judged from the items' own facts.
 */
export interface RelevanceJudgment {
  query: string;
  kind: QueryKind;
  /** A name query whose first result is defined: it counts for top-1 accuracy. */
  named: boolean;
  /** The entry most people mean (required when named). */
  top1?: string;
  /** Also expected within the first three. */
  top3?: string[];
  /** Also expected within the first five (a broad task may list more equally good answers). */
  top5?: string[];
  /** Why the judgment is what it is, where the catalog's facts are not obvious. */
  note?: string;
}

/** Grades: 3 for the expected first result, 2 for the first three, 1 for the first five. */
export const GRADE_BY_DEPTH = { 1: 3, 3: 2, 5: 1 } as const;
export type ExpectedDepth = keyof typeof GRADE_BY_DEPTH;

/** The graded judgments of a query: slug → grade (1–3). Unjudged items have grade 0. */
export function gradesOf(judgment: RelevanceJudgment): Map<string, number> {
  const grades = new Map<string, number>();
  const put = (slugs: readonly string[] | undefined, grade: number) => {
    for (const slug of slugs ?? []) grades.set(slug, Math.max(grades.get(slug) ?? 0, grade));
  };
  put(judgment.top5, GRADE_BY_DEPTH[5]);
  put(judgment.top3, GRADE_BY_DEPTH[3]);
  put(judgment.top1 ? [judgment.top1] : [], GRADE_BY_DEPTH[1]);
  return grades;
}

/** The first result of a judgment's grade, as a depth (1, 3 or 5). */
export function depthOfGrade(grade: number): ExpectedDepth {
  return grade >= 3 ? 1 : grade === 2 ? 3 : 5;
}

/**
 * Exponential gain (2^grade − 1), so the expected first result outweighs three grade-1 answers
 * (7 against 3), with the usual log2 position discount.
 */
export function gainOf(grade: number): number {
  return 2 ** grade - 1;
}

/** Discounted cumulative gain of a list of grades, first k positions. */
export function dcgAt(grades: readonly number[], k: number): number {
  let total = 0;
  grades.slice(0, k).forEach((grade, index) => {
    total += gainOf(grade) / Math.log2(index + 2);
  });
  return total;
}

/** nDCG@k of a ranking (slugs, best first) against graded judgments; 1 when nothing is judged relevant. */
export function ndcgAt(ranking: readonly string[], grades: ReadonlyMap<string, number>, k = 10): number {
  const ideal = dcgAt(
    [...grades.values()].sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 1;
  const seen = new Set<string>();
  const actual = ranking.map((slug) => {
    // a slug repeated in a ranking earns its gain once
    if (seen.has(slug)) return 0;
    seen.add(slug);
    return grades.get(slug) ?? 0;
  });
  return dcgAt(actual, k) / ideal;
}

/** An expected item that is not where the judgment expects it. */
export interface RelevanceMiss {
  slug: string;
  expectedWithin: ExpectedDepth;
  /** 1-based position in the ranking, or null when it is not in the ranking at all. */
  foundAt: number | null;
}

export interface QueryEvaluation {
  query: string;
  kind: QueryKind;
  named: boolean;
  ndcg: number;
  /** For named queries: was the expected entry first? null for the others. */
  top1: boolean | null;
  ranking: string[];
  misses: RelevanceMiss[];
}

export function evaluateQuery(judgment: RelevanceJudgment, ranking: readonly string[], k = 10): QueryEvaluation {
  const grades = gradesOf(judgment);
  const misses: RelevanceMiss[] = [];
  for (const [slug, grade] of grades) {
    const expectedWithin = depthOfGrade(grade);
    const index = ranking.indexOf(slug);
    if (index < 0 || index + 1 > expectedWithin) {
      misses.push({ slug, expectedWithin, foundAt: index < 0 ? null : index + 1 });
    }
  }
  misses.sort((a, b) => a.expectedWithin - b.expectedWithin || a.slug.localeCompare(b.slug));
  return {
    query: judgment.query,
    kind: judgment.kind,
    named: judgment.named,
    ndcg: ndcgAt(ranking, grades, k),
    top1: judgment.named ? ranking[0] === judgment.top1 : null,
    ranking: [...ranking],
    misses,
  };
}

export interface RelevanceSummary {
  queries: number;
  namedQueries: number;
  /** Mean nDCG@10 over every query. */
  ndcgAt10: number;
  /** Share of named queries whose expected entry came first. */
  top1Accuracy: number;
}

export function summarizeRelevance(evaluations: readonly QueryEvaluation[]): RelevanceSummary {
  const named = evaluations.filter((evaluation) => evaluation.named);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  return {
    queries: evaluations.length,
    namedQueries: named.length,
    ndcgAt10: mean(evaluations.map((evaluation) => evaluation.ndcg)),
    top1Accuracy: mean(named.map((evaluation) => (evaluation.top1 ? 1 : 0))),
  };
}

/** The summary of each kind of query, in QUERY_KINDS order (kinds without queries left out). */
export function summarizeByKind(
  evaluations: readonly QueryEvaluation[],
): Array<{ kind: QueryKind } & RelevanceSummary> {
  return QUERY_KINDS.flatMap((kind) => {
    const ofKind = evaluations.filter((evaluation) => evaluation.kind === kind);
    return ofKind.length ? [{ kind, ...summarizeRelevance(ofKind) }] : [];
  });
}

/** The worst queries first: lowest nDCG, then a missed top-1, then the query text. */
export function worstQueries(evaluations: readonly QueryEvaluation[], count: number): QueryEvaluation[] {
  return [...evaluations]
    .sort(
      (a, b) => a.ndcg - b.ndcg || Number(a.top1 ?? true) - Number(b.top1 ?? true) || a.query.localeCompare(b.query),
    )
    .slice(0, count);
}

/**
 * What is wrong with a judgment file, as messages (empty when sound): every judged slug must be
 * in the catalog, a named query needs its first result, at most three items are expected within
 * the first three, and queries are unique.
 */
export function judgmentProblems(judgments: readonly RelevanceJudgment[], catalogSlugs: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const judgment of judgments) {
    const label = `"${judgment.query}"`;
    if (!judgment.query.trim()) problems.push('a query is blank');
    if (seen.has(judgment.query)) problems.push(`${label} is judged twice`);
    seen.add(judgment.query);
    if (!(QUERY_KINDS as readonly string[]).includes(judgment.kind)) problems.push(`${label}: unknown kind`);
    if (judgment.named && !judgment.top1) problems.push(`${label} is named but has no top1`);
    if ((judgment.top1 ? 1 : 0) + (judgment.top3?.length ?? 0) > 3) problems.push(`${label}: more than three in top3`);
    const slugs = [...(judgment.top1 ? [judgment.top1] : []), ...(judgment.top3 ?? []), ...(judgment.top5 ?? [])];
    if (slugs.length === 0) problems.push(`${label} judges nothing relevant`);
    if (new Set(slugs).size !== slugs.length) problems.push(`${label} judges a slug twice`);
    for (const slug of slugs) if (!catalogSlugs.has(slug)) problems.push(`${label}: ${slug} is not in the catalog`);
  }
  return problems;
}
