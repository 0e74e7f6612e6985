/**
 * The HTML of every mail the server sends (the auth service's and the review decisions): one
 * look, one escaping rule. Each writer gives its body lines; an empty line stays as it is.
 */
export function mailDocument(bodyLines: string[]): string {
  return `<!doctype html>
<html lang="en">
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

/** A code to type in, set apart from the text around it. */
export function mailCode(intro: string, code: string, page?: string): string {
  const where = page ? `<br>on <a href="${escapeHtml(page)}">${escapeHtml(page)}</a>` : '';
  return `<p>${escapeHtml(intro)} <strong style="font-size: 1.2em; letter-spacing: 0.1em;">${escapeHtml(code)}</strong>${where}</p>`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
