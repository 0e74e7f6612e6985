/**
 * A word-level diff of two texts, for the History tab's descriptions (docs/product.md#item-history):
 * what stayed, what was removed and what was added, in reading order. The units are words with
 * the whitespace after them (so that a lone space never counts as a common part of two different
 * sentences), and joining the parts of each side gives that side back exactly.
 *
 * Myers' algorithm (O((N+M)·D) for D differing words) after the common start and end are set
 * aside; a rewrite beyond MAX_EDITS words is shown as the old text removed and the new one added,
 * which is what a reader sees in it anyway, in bounded time.
 */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

const MAX_EDITS = 1_000;

/** Words, each with the whitespace after it (whitespace before the first word on its own). */
export function diffTokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

function pushPart(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * The shortest edit script between a and b, or undefined past the limit. Each round keeps only
 * the diagonals it reached (2d + 1 of them), so the memory is that of d² numbers, not of the texts'.
 */
function myers(a: readonly string[], b: readonly string[]): DiffPart[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

/** The furthest x on diagonal k after round d (trace[d] holds diagonals -d..d). */
function reached(trace: Int32Array[], d: number, k: number): number {
  return trace[d]![k + d]!;
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): DiffPart[] {
  const steps: DiffPart[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && reached(trace, d - 1, k - 1) < reached(trace, d - 1, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = reached(trace, d - 1, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      steps.push({ kind: 'same', text: a[x]! });
    }
    if (down) steps.push({ kind: 'added', text: b[--y]! });
    else steps.push({ kind: 'removed', text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    steps.push({ kind: 'same', text: a[x]! });
  }
  const parts: DiffPart[] = [];
  for (let i = steps.length - 1; i >= 0; i--) pushPart(parts, steps[i]!.kind, steps[i]!.text);
  return parts;
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = diffTokens(before);
  const b = diffTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  pushPart(parts, 'same', a.slice(0, start).join(''));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = myers(middleA, middleB) ?? [
    { kind: 'removed', text: middleA.join('') },
    { kind: 'added', text: middleB.join('') },
  ];
  for (const part of middle) pushPart(parts, part.kind, part.text);
  pushPart(parts, 'same', a.slice(endA).join(''));
  return parts;
}
