import type { Rule } from 'eslint';

/**
 * Text shown to users goes through the catalogs (`t`, `msg`, `<Trans>`: web/src/i18n), or a
 * reader of another language meets English in the middle of their page. This finds the usual
 * places text is written: JSX text, string attributes that are shown or read aloud, and the
 * properties of objects that name what a toast, a table or a menu shows.
 */
const SHOWN_ATTRIBUTES =
  /^(label|title|placeholder|description|alt|aria-label|aria-description|aria-valuetext|error|message|tooltip|confirmLabel|cancelLabel|emptyText|nothingFoundMessage|helperText|caption|legend|heading|subtitle)$/;
const SHOWN_PROPERTIES =
  /^(label|title|message|description|placeholder|heading|caption|tooltip|confirmLabel|cancelLabel)$/;

/** Names that read the same in every language (the product, sources, formats). */
const NAMES =
  /\b(SciAI|GitHub|ORCID|iD|API|MCP|CSV|JSON|JSONL|URL|DOI|arXiv|Hugging Face|bio\.tools|OpenAlex|Crossref|EDAM|SPDX|RSS|Atom|BibTeX|RIS|Twitter|PyPI|CRAN|npm|Zenodo|PostgreSQL|Supabase|TOTP|SVG|PNG|HTML|Markdown|README|CC BY|CC0|MIT|Apache|GPL)\b/g;

export function isTranslatableText(text: string): boolean {
  return /[A-Za-z]{2,}/.test(text.replace(NAMES, ''));
}

/** A value rather than words: a class name, a key, an address ('visually-hidden', 'recent', '/browse'). */
const CODE_LIKE = /^[a-z0-9_./:#?=&-]*$/;

type Visited<Kind extends keyof Rule.NodeListener> = Parameters<NonNullable<Rule.NodeListener[Kind]>>[0];

export const noUntranslatedText: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow interface text that is not in the catalogs' },
    messages: {
      text:
        "Interface text \"{{text}}\" is not translated: write it as t('…') (or msg('…') in a table of labels, " +
        '<Trans id="…"> with markup), from web/src/i18n, and add its translations (npm run i18n).',
    },
    schema: [],
  },
  create(context) {
    const report = (node: Rule.Node, text: string) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 60) } });
    const literalText = (node: unknown): string | undefined => {
      const value = node as { type?: string; value?: unknown; quasis?: Array<{ value: { cooked: string } }> };
      if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
      if (value.type === 'TemplateLiteral') return value.quasis?.map((quasi) => quasi.value.cooked).join(' ');
      return undefined;
    };
    return {
      JSXText(node: Rule.Node) {
        const text = (node as unknown as { value: string }).value;
        if (isTranslatableText(text)) report(node, text);
      },
      JSXAttribute(node: Rule.Node) {
        const attribute = node as unknown as { name: { name: unknown }; value: unknown };
        if (typeof attribute.name.name !== 'string' || !SHOWN_ATTRIBUTES.test(attribute.name.name)) return;
        let value = attribute.value as { type?: string; expression?: unknown } | null;
        if (value?.type === 'JSXExpressionContainer') value = value.expression as typeof value;
        const text = literalText(value);
        if (text !== undefined && !CODE_LIKE.test(text) && isTranslatableText(text)) report(node, text);
      },
      JSXExpressionContainer(node: Rule.Node) {
        const container = node as unknown as { expression: unknown; parent: { type: string } };
        if (container.parent.type === 'JSXAttribute') return;
        const text = literalText(container.expression);
        if (text !== undefined && isTranslatableText(text)) report(node, text);
      },
      Property(node: Visited<'Property'>) {
        const key = node.key.type === 'Identifier' ? node.key.name : literalText(node.key);
        if (!key || !SHOWN_PROPERTIES.test(key)) return;
        const text = literalText(node.value);
        if (text !== undefined && !CODE_LIKE.test(text) && isTranslatableText(text)) report(node as Rule.Node, text);
      },
    };
  },
};
