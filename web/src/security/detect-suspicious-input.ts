/** What the input watcher looks for (docs/product.md#input-watcher): markup that would run script. */
export type SuspiciousPattern = 'script_tag' | 'javascript_url' | 'inline_handler';

/** Reported input is cut to this many characters (docs/product.md#input-watcher). */
export const SAMPLE_LENGTH = 100;

const SCRIPT_TAG = /<\s*\/?\s*script\b/i;
// URL parsers drop tabs and newlines inside a scheme ("java\tscript:" still runs); spaces they keep.
const JAVASCRIPT_URL =
  /j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/i;
// Event handler attributes, named so that words such as "online=" or "condition=" do not count.
const INLINE_HANDLER =
  /\bon(?:abort|auxclick|beforeunload|begin|blur|change|click|contextmenu|copy|cut|dblclick|drag\w*|drop|end|error|focus\w*|hashchange|input|invalid|key(?:down|press|up)|load\w*|message|mouse\w+|paste|pointer\w+|popstate|reset|resize|scroll|select\w*|show|storage|submit|toggle|touch\w+|transition\w+|animation\w+|unload|wheel)\s*=/i;

/** Decodes the character references an attacker uses to hide the patterns (&#106; &#x6A; &colon;). */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_match, decimal: string) => String.fromCodePoint(Number(decimal) % 0x110000))
    .replace(/&colon;/gi, ':')
    .replace(/&lt;/gi, '<');
}

/** The patterns found in a value, each once, in a fixed order; empty when it looks harmless. */
export function detectSuspiciousInput(value: string): SuspiciousPattern[] {
  if (value.length < 7) return [];
  const text = decodeReferences(value);
  const found: SuspiciousPattern[] = [];
  if (SCRIPT_TAG.test(text)) found.push('script_tag');
  if (JAVASCRIPT_URL.test(text)) found.push('javascript_url');
  if (INLINE_HANDLER.test(text)) found.push('inline_handler');
  return found;
}
