/**
 * The scientific-field taxonomy. The database is the source of truth (seeded by a migration);
 * this module holds only what the UI needs when the database cannot answer.
 */

/**
 * The landing page's embedded list of fields, shown when the live list or its counts fail to
 * load. Names only: a count is shown only as the catalog states it (docs/product.md#landing-domains).
 */
export const FALLBACK_DOMAINS: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: 'biology', name: 'Biology' },
  { slug: 'chemistry', name: 'Chemistry' },
  { slug: 'computational_biology', name: 'Computational Biology' },
  { slug: 'drug_discovery', name: 'Drug Discovery' },
  { slug: 'environmental_science', name: 'Environmental Science' },
  { slug: 'materials_science', name: 'Materials Science' },
  { slug: 'neuroscience', name: 'Neuroscience' },
  { slug: 'physics', name: 'Physics' },
];

export const DOMAIN_SLUGS = [
  'biology',
  'chemistry',
  'physics',
  'drug_discovery',
  'materials_science',
  'genomics',
  'imaging',
  'computational_biology',
  'environmental_science',
  'neuroscience',
  'medicine',
  'ai_ml',
  'computer_science',
  'astronomy',
  'particle_physics',
  'mathematics',
  'social_science',
] as const;

export type DomainSlug = (typeof DOMAIN_SLUGS)[number];

/**
 * The fields with their parents, as the database's reference data holds them: an item filed
 * under a field is also found under the field above it (docs/product.md#fields).
 */
export const DOMAIN_TREE: ReadonlyArray<{ slug: DomainSlug; name: string; parent: DomainSlug | null }> = [
  { slug: 'biology', name: 'Biology', parent: null },
  { slug: 'genomics', name: 'Genomics', parent: 'biology' },
  { slug: 'computational_biology', name: 'Computational Biology', parent: 'biology' },
  { slug: 'neuroscience', name: 'Neuroscience', parent: 'biology' },
  { slug: 'chemistry', name: 'Chemistry', parent: null },
  { slug: 'physics', name: 'Physics', parent: null },
  { slug: 'astronomy', name: 'Astronomy and Astrophysics', parent: 'physics' },
  { slug: 'particle_physics', name: 'Particle Physics', parent: 'physics' },
  { slug: 'medicine', name: 'Medicine', parent: null },
  { slug: 'drug_discovery', name: 'Drug Discovery', parent: 'medicine' },
  { slug: 'materials_science', name: 'Materials Science', parent: null },
  { slug: 'environmental_science', name: 'Environmental Science', parent: null },
  { slug: 'imaging', name: 'Imaging', parent: null },
  { slug: 'mathematics', name: 'Mathematics', parent: null },
  { slug: 'social_science', name: 'Social Science', parent: null },
  { slug: 'ai_ml', name: 'AI/ML', parent: null },
  { slug: 'computer_science', name: 'Computer Science', parent: null },
];

const PARENT_OF = new Map<string, string | null>(DOMAIN_TREE.map((node) => [node.slug, node.parent]));

/** The field and every field above it, nearest first. */
export function domainWithAncestors(slug: string): string[] {
  const lineage: string[] = [];
  for (let at: string | null | undefined = slug; at && !lineage.includes(at); at = PARENT_OF.get(at)) lineage.push(at);
  return lineage;
}

/**
 * Fields in the order of their tree: each top field (by name), then the fields under it (by
 * name), with their depth. A field whose parent is not in the list is a top field.
 */
export function orderAsTree<T extends { id: string; name: string; parent_id: string | null }>(
  fields: readonly T[],
): Array<T & { depth: number }> {
  const ids = new Set(fields.map((field) => field.id));
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  const childrenOf = (id: string | null) =>
    fields
      .filter((field) => (id === null ? !field.parent_id || !ids.has(field.parent_id) : field.parent_id === id))
      .sort(byName);
  const ordered: Array<T & { depth: number }> = [];
  const visit = (field: T, depth: number) => {
    if (ordered.some((done) => done.id === field.id)) return;
    ordered.push({ ...field, depth });
    for (const child of childrenOf(field.id)) visit(child, depth + 1);
  };
  for (const top of childrenOf(null)) visit(top, 0);
  // fields in a cycle written by hand have no top: they show as top fields rather than not at all
  for (const field of [...fields].sort(byName)) visit(field, 0);
  return ordered;
}
