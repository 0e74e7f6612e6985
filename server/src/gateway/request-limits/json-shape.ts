/** What a JSON text may not exceed: how deep it nests, how many elements one array holds. */
export interface JsonShapeLimits {
  maxDepth: number;
  maxArrayLength: number;
}

export type JsonShapeViolation =
  { kind: 'depth'; depth: number; limit: number } | { kind: 'array_length'; length: number; limit: number };

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const OBJECT = -1;

/**
 * Measures a JSON text's nesting and array lengths in one pass over its bytes, without parsing
 * it: no recursion, and memory bounded by `maxDepth`, so a body nested 50,000 levels deep is
 * refused in microseconds instead of reaching a parser (or PostgreSQL's) that recurses on it.
 *
 * Not a validator: malformed JSON that stays within the limits passes, and the service behind
 * the gateway refuses it as before. Outside strings, brackets are structure; inside, `\"` and
 * `\\` are the only escapes that matter for finding the string's end. The bytes are UTF-8, whose
 * multi-byte sequences never contain an ASCII byte, so scanning bytes is exact.
 */
export function findJsonShapeViolation(text: Uint8Array, limits: JsonShapeLimits): JsonShapeViolation | undefined {
  // For each open container: -1 for an object, else the array's element count so far.
  const open: number[] = [];
  // Whether the innermost array has seen anything since '[' (so '[]' counts 0 elements).
  let arrayHasValue = false;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const byte = text[index]!;
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === SPACE || byte === NEWLINE || byte === RETURN || byte === TAB) continue;
    const top = open.length - 1;
    // The first byte of a value inside an array makes it that array's first element.
    if (top >= 0 && open[top] !== OBJECT && !arrayHasValue && byte !== CLOSE_ARRAY) {
      open[top] = 1;
      arrayHasValue = true;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        if (open.length >= limits.maxDepth) return { kind: 'depth', depth: open.length + 1, limit: limits.maxDepth };
        open.push(byte === OPEN_ARRAY ? 0 : OBJECT);
        arrayHasValue = false;
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        open.pop();
        // Whatever encloses a closed container already holds it as a value.
        arrayHasValue = true;
        break;
      case COMMA:
        if (top >= 0 && open[top] !== OBJECT) {
          const length = open[top]! + 1;
          if (length > limits.maxArrayLength) return { kind: 'array_length', length, limit: limits.maxArrayLength };
          open[top] = length;
        }
        break;
    }
  }
  return undefined;
}
