/** Lower-case ASCII words joined by hyphens, at most 80 characters, cut at a word. */
export function slugify(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > 80) break;
    slug = next;
  }
  return slug === '' && words.length > 0 ? words[0]!.slice(0, 80) : slug;
}
