import { DOMAIN_TREE } from '../domains.ts';
import type { SourceId } from './sources.ts';

/**
 * The field tree the built catalog uses: the database's fields with their parents (core's
 * DOMAIN_TREE). Earth and climate is environmental_science ("Climate, weather, ecology and the
 * Earth system").
 */
export interface FieldNode {
  slug: string;
  name: string;
  parent: string | null;
}

export const FIELD_TREE: readonly FieldNode[] = DOMAIN_TREE;

export type FieldSlug = string;

const PARENT = new Map(FIELD_TREE.map((node) => [node.slug, node.parent]));

/** The twelve fields the catalog must cover, each as the tree's slug. */
export const REQUIRED_FIELDS: readonly FieldSlug[] = [
  'astronomy',
  'physics',
  'chemistry',
  'materials_science',
  'biology',
  'genomics',
  'medicine',
  'drug_discovery',
  'neuroscience',
  'environmental_science',
  'mathematics',
  'social_science',
];

/**
 * One rule for every vocabulary (EDAM topics, OpenAlex field names, arXiv classes, list
 * sections, FDA panels): a term means each field whose pattern it matches.
 */
const FIELD_PATTERNS: readonly [RegExp, readonly FieldSlug[]][] = [
  [/\b(astro|astronom|cosmolog|galax|stellar|telescope|exoplanet|gravitational wave|dark matter)/, ['astronomy']],
  [
    /\b(particle physics|high[- ]energy physics|hep-(ph|ex|th|lat)|collider|jet tagging|jets?\b|lhc|calorimet|neutrino|quark|hadron|nucl-)/,
    ['particle_physics'],
  ],
  [/\b(physics and astronomy|physics|quantum|gr-qc|cond-mat|physics\.)/, ['physics']],
  [
    /\b(chemi|molecules?\b|molecular (design|generation|propert|dynamics|modell?ing|simulation|docking|representation|graph)|reaction|spectroscop|density functional|dft|quantum chemistry|catalys)/,
    ['chemistry'],
  ],
  [/\b(materials?|crystal|atomistic|interatomic|solid[- ]state|alloys?|polymers?|ml-iap|uip)\b/, ['materials_science']],
  [
    /\b(genom|sequenc|rna|dna|genes?\b|genetic|genotyp|phenotyp|transcript|epigen|variant|metagenom|phylogen|single[- ]cell|gene expression)/,
    ['genomics'],
  ],
  [/\b(neuro|brain|eeg|cognitive|electrophysiolog)/, ['neuroscience']],
  [
    /\b(drug|pharma|medicinal chemistry|admet|toxicolog|virtual screening|ligand|docking|small molecules)/,
    ['drug_discovery'],
  ],
  [
    /\b(medicine|medical|clinic|health|patholog|oncolog|cancer|patient|radiolog|cardio|disease|diagnos|biomedic|ehr\b|surgery|surgical|ophthalm|dermatolog|hematolog|gastro|anesthes|dental|orthop|obstetric|urolog|immunolog|microbiology|neurology)/,
    ['medicine'],
  ],
  [/\b(imag|microscop|mri\b|tomograph|x-ray|ultrasound|cryo-?em|radiolog)/, ['imaging']],
  [
    /\b(protein|structural biology|structure prediction|computational biology|bioinformatic|systems biology|biophysic|molecular interactions|pathways)/,
    ['computational_biology'],
  ],
  [
    /\b(biolog|biochem|cell|ecolog|plant|zoolog|microb|immun|life science|organism|enzyme|proteomic|metabolomic|biomolecul)/,
    ['biology'],
  ],
  [
    /\b(climate|weather|earth|geoscien|geolog|geograph|ocean|atmospher|environment|hydrolog|remote sensing|precipitation|meteorolog|seismolog|ao-ph|geo-ph)/,
    ['environmental_science'],
  ],
  [
    /\b(mathemat|theorem|proofs?\b|algebra|geometry|topology|number theory|combinatori|graph theory|group theory|math\.|formal verification|autoformali|lean\b|pdes?\b|differential equations)/,
    ['mathematics'],
  ],
  [
    /\b(social|econom|politic|psycholog|sociolog|linguistic|education|humanities|public opinion|finance|culture|cultural|moral|legal\b|law\b)/,
    ['social_science'],
  ],
  [/\b(computer science|software engineering|data management|ontology and terminology)/, ['computer_science']],
];

/** Where a source's terms say nothing, the field its whole list is about. */
const SOURCE_FIELDS: Readonly<Partial<Record<SourceId, readonly FieldSlug[]>>> = {
  hepml: ['particle_physics'],
  'ml-in-cosmology': ['astronomy'],
  'weather-climate-fm': ['environmental_science'],
  'ai-for-math': ['mathematics'],
  'llm-social-science': ['social_science'],
  medllms: ['medicine'],
  'fda-aiml-devices': ['medicine'],
  'best-of-atomistic-ml': ['materials_science'],
  biotools: ['biology'],
  'ai-for-science': ['ai_ml'],
  'scientific-lms': ['ai_ml'],
  'llm-scientific-discovery': ['ai_ml'],
};

/**
 * The fields one term means. A term that names a field and one of its children joined by "and"
 * or "&" ("Physics and Astronomy") is a broad heading: it means the parent. Otherwise the child
 * is the more precise reading ("Particle physics" is particle physics, not all of physics).
 */
export function fieldsOfTerm(term: string): FieldSlug[] {
  const lower = term.toLowerCase();
  if (/physics[- ]informed/.test(lower)) return [];
  const fields = FIELD_PATTERNS.filter(([pattern]) => pattern.test(lower)).flatMap(([, found]) => found);
  const combined = /\band\b|&/.test(lower);
  return fields.filter((field) =>
    combined
      ? !ancestorsOf(field).some((ancestor) => fields.includes(ancestor))
      : !fields.some((other) => ancestorsOf(other).includes(field)),
  );
}

export function ancestorsOf(slug: FieldSlug): FieldSlug[] {
  const ancestors: FieldSlug[] = [];
  for (let parent = PARENT.get(slug); parent; parent = PARENT.get(parent)) ancestors.push(parent);
  return ancestors;
}

/**
 * A record's fields: the union of its terms' fields in the order they came (the first is its
 * primary field), else its source's field. A parent is dropped when a child is there, since
 * browsing a parent includes its children.
 */
export function fieldsOf(terms: readonly string[], sources: readonly SourceId[]): FieldSlug[] {
  const fields: FieldSlug[] = [];
  for (const term of terms) for (const field of fieldsOfTerm(term)) if (!fields.includes(field)) fields.push(field);
  if (fields.length === 0) {
    for (const source of sources)
      for (const field of SOURCE_FIELDS[source] ?? []) if (!fields.includes(field)) fields.push(field);
  }
  const implied = new Set(fields.flatMap((field) => ancestorsOf(field)));
  return fields.filter((field) => !implied.has(field)).slice(0, 4);
}

/** Whether an item with these fields is listed under `field` (itself or a descendant). */
export function isUnder(fields: readonly FieldSlug[], field: FieldSlug): boolean {
  return fields.some((own) => own === field || ancestorsOf(own).includes(field));
}
