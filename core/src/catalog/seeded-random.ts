/** Seeded randomness for the synthetic catalog (mulberry32): the same seed gives the same draws. */

export type Random = () => number;

export function mulberry32(state: number): Random {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const chance = (random: Random, p: number) => random() < p;
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** `min`..`max` distinct entries, in random order. */
export function pickSome<T>(random: Random, list: readonly T[], min: number, max: number): T[] {
  const wanted = Math.min(between(random, min, max), list.length);
  const pool = list.slice();
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, wanted);
}

/** Pareto-tailed counts: most items modest, a few enormous, as real popularity is. */
export function zipfCount(random: Random, scale: number, exponent: number, cap: number): number {
  const u = 1 - random(); // (0, 1]
  return Math.min(cap, Math.floor(scale * (Math.pow(u, -exponent) - 1)));
}
