/**
 * The scientific-field taxonomy. The database is the source of truth (seeded by a migration);
 * this module holds only what the UI needs when the database cannot answer.
 */

/** The landing page's embedded list, shown with these counts when the live counts fail to load. */
export const FALLBACK_DOMAINS: ReadonlyArray<{ slug: string; name: string; toolCount: number }> = [
  { slug: 'biology', name: 'Biology', toolCount: 45 },
  { slug: 'chemistry', name: 'Chemistry', toolCount: 38 },
  { slug: 'computational_biology', name: 'Computational Biology', toolCount: 32 },
  { slug: 'drug_discovery', name: 'Drug Discovery', toolCount: 29 },
  { slug: 'environmental_science', name: 'Environmental Science', toolCount: 18 },
  { slug: 'materials_science', name: 'Materials Science', toolCount: 24 },
  { slug: 'neuroscience', name: 'Neuroscience', toolCount: 21 },
  { slug: 'physics', name: 'Physics', toolCount: 27 },
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
] as const;

export type DomainSlug = (typeof DOMAIN_SLUGS)[number];
