import { currentLocale, LOCALE_INFO, t } from '@sciai/core';

/**
 * The HTML of every mail the server sends (the auth service's and the outbox's): one look, one
 * escaping rule, in the language the mail is being written in (`lang`, and `dir` for Arabic).
 * Each writer gives its body lines; an empty line stays as it is.
 */
export function mailDocument(bodyLines: string[]): string {
  const { tag, dir } = LOCALE_INFO[currentLocale()];
  return `<!doctype html>
<html lang="${tag}" dir="${dir}">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e; max-width: 560px; margin: 0 auto; padding: 24px;">
${bodyLines.join('\n')}
<p style="color: #5c5f66;">— SciAI</p>
</body>
</html>
`;
}

/** The mail's one call to action, as a button. */
export function mailButton(label: string, href: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(label)}</a></p>`;
}

/**
 * The line that gives a code: "Or enter this code: 123456" beside a link, "Your code: 123456"
 * alone; the page that takes it on the next line. As text, or as HTML with the code set apart.
 */
export function codeLines(kind: 'alternative' | 'own', code: string, page?: string): string[] {
  return [codeSentence(kind, code), ...(page ? [t('on {page}', { page })] : [])];
}

export function mailCode(kind: 'alternative' | 'own', code: string, page?: string): string {
  const strong = `<strong style="font-size: 1.2em; letter-spacing: 0.1em;">${escapeHtml(code)}</strong>`;
  const where = page
    ? `<br>${withMarkup(t('on {page}', { page: slot('page') }), { page: `<a href="${escapeHtml(page)}">${escapeHtml(page)}</a>` })}`
    : '';
  return `<p>${withMarkup(codeSentence(kind, slot('code')), { code: strong })}${where}</p>`;
}

function codeSentence(kind: 'alternative' | 'own', code: string): string {
  return kind === 'alternative' ? t('Or enter this code: {code}', { code }) : t('Your code: {code}', { code });
}

/**
 * A translated sentence as HTML, its markup kept whole in every language: the text is escaped;
 * a tag `<0>…</0>` in the message (a link) is wrapped by `markup[0]`, and a value given as
 * `slot(name)` (a code) becomes `markup[name]`, wherever the translation puts them.
 */
export function withMarkup(sentence: string, markup: Record<string, string | ((inner: string) => string)>): string {
  let html = '';
  let last = 0;
  for (const match of sentence.matchAll(/<(\d+)>([\s\S]*?)<\/\1>|\uE000(\w+)\uE001/g)) {
    html += escapeHtml(sentence.slice(last, match.index));
    const [whole, tag, inner = '', name] = match;
    const part = markup[tag ?? name ?? ''];
    if (tag !== undefined) html += typeof part === 'function' ? part(escapeHtml(inner)) : escapeHtml(inner);
    else html += typeof part === 'string' ? part : '';
    last = match.index + whole.length;
  }
  return html + escapeHtml(sentence.slice(last));
}

/** A link around a tag's text, for withMarkup. */
export function linkTo(href: string): (inner: string) => string {
  return (inner) => `<a href="${escapeHtml(href)}">${inner}</a>`;
}

/** A placeholder for markup in a translated sentence (withMarkup): private-use characters no text has. */
export function slot(name: string): string {
  return `\uE000${name}\uE001`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Someone's own words (a moderator's reason), set apart by a rule on the side the text starts
 * from. Physical sides chosen by direction: not every mail client knows logical properties.
 */
export function mailQuote(text: string): string {
  const side = LOCALE_INFO[currentLocale()].dir === 'rtl' ? 'right' : 'left';
  return `<blockquote style="margin: 0 0 1em; padding-${side}: 12px; border-${side}: 3px solid #ced4da; white-space: pre-wrap;">${escapeHtml(text)}</blockquote>`;
}
