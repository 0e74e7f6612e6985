import { loadavg } from 'node:os';

const timed = async (run: () => Promise<unknown>) => {
  const begin = performance.now();
  await run();
  return performance.now() - begin;
};

/**
 * The product against a baseline on the same requests, one at a time: each body is sent to both,
 * alternating which goes first. The report: p50, p95 and max of each, the ratio of the p50s, and
 * the machine's load when the pass began and ended. Without a baseline, the product's timings alone.
 */
export const interleaved = async <Body>(
  bodies: Body[],
  product: (body: Body) => Promise<unknown>,
  baseline: ((body: Body) => Promise<unknown>) | undefined,
) => {
  const productMs: number[] = [];
  const baselineMs: number[] = [];
  const loadStart = loadavg()[0]!;
  for (const [index, body] of bodies.entries()) {
    if (baseline && index % 2 === 0) baselineMs.push(await timed(() => baseline(body)));
    productMs.push(await timed(() => product(body)));
    if (baseline && index % 2 === 1) baselineMs.push(await timed(() => baseline(body)));
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1));
    return { p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
  };
  const productSummary = summary(productMs);
  const baselineSummary = baseline ? summary(baselineMs) : undefined;
  return {
    queries: bodies.length,
    product: productSummary,
    baseline: baselineSummary,
    p50_ratio: baselineSummary ? Number((productSummary.p50_ms / baselineSummary.p50_ms).toFixed(2)) : undefined,
    load: [loadStart, loadavg()[0]!].map((value) => Number(value.toFixed(2))),
  };
};
