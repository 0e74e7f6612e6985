import { jsonForScript } from './escape.ts';

/**
 * Structured data as a data block. The CSP's script-src does not apply to it (browsers never
 * execute application/ld+json), and jsonForScript keeps any '</script>' in the data inert.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json" id="sciai-jsonld">${jsonForScript(data)}</script>`;
}
