import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findJsonShapeViolation } from './json-shape.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const limits = { maxDepth: 4, maxArrayLength: 3 };

/** The same measures by walking the parsed value: the oracle the scanner is checked against. */
function measured(value: unknown, depth = 0): { depth: number; longest: number } {
  if (value === null || typeof value !== 'object') return { depth, longest: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  const own = { depth: depth + 1, longest: Array.isArray(value) ? value.length : 0 };
  return children.reduce<{ depth: number; longest: number }>((acc, child) => {
    const inner = measured(child, depth + 1);
    return { depth: Math.max(acc.depth, inner.depth), longest: Math.max(acc.longest, inner.longest) };
  }, own);
}

describe('findJsonShapeViolation', () => {
  it('passes JSON within the limits', () => {
    // four levels: the object, b, c, c's object
    expect(findJsonShapeViolation(bytes('{"a":[1,2,3],"b":{"c":[{"d":1}]}}'), limits)).toBeUndefined();
    expect(findJsonShapeViolation(bytes(' [ [ ] , [ ] , { } ] '), limits)).toBeUndefined();
    expect(findJsonShapeViolation(bytes('"just a string"'), limits)).toBeUndefined();
  });

  it('refuses nesting past the depth limit, however deep, at once', () => {
    expect(findJsonShapeViolation(bytes('[[[[[]]]]]'), limits)).toEqual({ kind: 'depth', depth: 5, limit: 4 });
    const deep = bytes('{"x":' + '['.repeat(1_000_000) + ']'.repeat(1_000_000) + '}');
    expect(findJsonShapeViolation(deep, { maxDepth: 32, maxArrayLength: 100 })).toMatchObject({ kind: 'depth' });
  });

  it('refuses an array longer than the limit at any depth', () => {
    expect(findJsonShapeViolation(bytes('[1,2,3,4]'), limits)).toEqual({ kind: 'array_length', length: 4, limit: 3 });
    expect(findJsonShapeViolation(bytes('{"a":{"b":[[],[],{},"x"]}}'), limits)).toMatchObject({ length: 4 });
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(findJsonShapeViolation(bytes('["[[[[[,,,,", "\\"[[[[[", "\\\\"]'), limits)).toBeUndefined();
    expect(findJsonShapeViolation(bytes('{"k,[{":"},],[]"}'), limits)).toBeUndefined();
  });

  it('agrees with a walk of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        (value, maxDepth, maxArrayLength) => {
          const text = JSON.stringify(value, null, Math.random() < 0.5 ? 1 : undefined);
          const { depth, longest } = measured(value);
          const violation = findJsonShapeViolation(bytes(text), { maxDepth, maxArrayLength });
          expect(violation === undefined).toBe(depth <= maxDepth && longest <= maxArrayLength);
        },
      ),
      { numRuns: 500 },
    );
  });
});
