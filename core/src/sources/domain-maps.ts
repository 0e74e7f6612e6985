import type { DomainSlug } from '../domains.ts';

/**
 * Each source's vocabulary to SciAI's domains, as data: a term (lower-cased, matched whole or,
 * for entries ending in '*', as a prefix) to the domains it means. A record's domains are the
 * union over its terms in the order the terms came, so a record's first term gives its primary
 * domain. Tested in domain-maps.test.ts.
 */
export type DomainMap = Readonly<Record<string, readonly DomainSlug[]>>;

/** OpenAlex topics' domain, field and subfield display names (docs.openalex.org, topics). */
export const OPENALEX_DOMAINS: DomainMap = {
  'artificial intelligence': ['ai_ml'],
  'computer vision and pattern recognition': ['ai_ml', 'imaging'],
  'computer science': ['computer_science'],
  'computational theory and mathematics': ['computer_science'],
  'information systems': ['computer_science'],
  software: ['computer_science'],
  'biochemistry, genetics and molecular biology': ['biology'],
  genetics: ['genomics'],
  'molecular biology': ['biology'],
  'structural biology': ['computational_biology'],
  biophysics: ['biology', 'physics'],
  'agricultural and biological sciences': ['biology'],
  'immunology and microbiology': ['biology'],
  neuroscience: ['neuroscience'],
  'cognitive neuroscience': ['neuroscience'],
  'cellular and molecular neuroscience': ['neuroscience'],
  chemistry: ['chemistry'],
  'organic chemistry': ['chemistry'],
  'physical and theoretical chemistry': ['chemistry'],
  'chemical engineering': ['chemistry'],
  'materials science': ['materials_science'],
  'physics and astronomy': ['physics'],
  'condensed matter physics': ['physics', 'materials_science'],
  medicine: ['medicine'],
  'health sciences': ['medicine'],
  'radiology, nuclear medicine and imaging': ['imaging', 'medicine'],
  'pharmacology, toxicology and pharmaceutics': ['drug_discovery'],
  'drug discovery': ['drug_discovery'],
  'pharmaceutical science': ['drug_discovery'],
  'environmental science': ['environmental_science'],
  'earth and planetary sciences': ['environmental_science'],
  'atmospheric science': ['environmental_science'],
};

/** arXiv category taxonomy (arxiv.org/category_taxonomy): archive prefixes and a few classes. */
export const ARXIV_DOMAINS: DomainMap = {
  'cs.lg': ['ai_ml'],
  'cs.ai': ['ai_ml'],
  'cs.cl': ['ai_ml'],
  'cs.cv': ['ai_ml', 'imaging'],
  'cs.ne': ['ai_ml'],
  'stat.ml': ['ai_ml'],
  'cs.*': ['computer_science'],
  'eess.iv': ['imaging'],
  'q-bio.gn': ['genomics'],
  'q-bio.nc': ['neuroscience'],
  'q-bio.bm': ['computational_biology'],
  'q-bio.qm': ['computational_biology'],
  'q-bio.*': ['biology'],
  'physics.chem-ph': ['chemistry'],
  'physics.bio-ph': ['biology', 'physics'],
  'physics.med-ph': ['medicine', 'physics'],
  'physics.ao-ph': ['environmental_science'],
  'physics.geo-ph': ['environmental_science'],
  'cond-mat.mtrl-sci': ['materials_science'],
  'cond-mat.*': ['physics'],
  'physics.*': ['physics'],
  'astro-ph*': ['physics'],
  'quant-ph': ['physics'],
  'hep-*': ['physics'],
  'gr-qc': ['physics'],
  'nucl-*': ['physics'],
};

/** Crossref `subject` (ASJC names, as Crossref returns them). */
export const CROSSREF_DOMAINS: DomainMap = {
  ...OPENALEX_DOMAINS,
  'general chemistry': ['chemistry'],
  'general physics and astronomy': ['physics'],
  'general medicine': ['medicine'],
  'general computer science': ['computer_science'],
  'general materials science': ['materials_science'],
  'drug discovery': ['drug_discovery'],
};

/** GitHub topics (github.com/topics) and Hugging Face tags and pipeline tags. */
export const GITHUB_DOMAINS: DomainMap = {
  'machine-learning': ['ai_ml'],
  'deep-learning': ['ai_ml'],
  'artificial-intelligence': ['ai_ml'],
  pytorch: ['ai_ml'],
  tensorflow: ['ai_ml'],
  llm: ['ai_ml'],
  'computer-vision': ['ai_ml', 'imaging'],
  bioinformatics: ['computational_biology'],
  'computational-biology': ['computational_biology'],
  genomics: ['genomics'],
  'single-cell': ['genomics'],
  'protein-structure': ['computational_biology'],
  'protein-folding': ['computational_biology'],
  'structural-biology': ['computational_biology'],
  neuroscience: ['neuroscience'],
  chemistry: ['chemistry'],
  cheminformatics: ['chemistry'],
  'computational-chemistry': ['chemistry'],
  'drug-discovery': ['drug_discovery'],
  'materials-science': ['materials_science'],
  physics: ['physics'],
  climate: ['environmental_science'],
  'weather-forecasting': ['environmental_science'],
  microscopy: ['imaging'],
  'medical-imaging': ['imaging', 'medicine'],
  medical: ['medicine'],
};

export const HUGGINGFACE_DOMAINS: DomainMap = {
  ...GITHUB_DOMAINS,
  biology: ['biology'],
  protein: ['computational_biology'],
  dna: ['genomics'],
  medical: ['medicine'],
  'image-classification': ['ai_ml', 'imaging'],
  'image-segmentation': ['ai_ml', 'imaging'],
  'object-detection': ['ai_ml', 'imaging'],
  'text-generation': ['ai_ml'],
  'fill-mask': ['ai_ml'],
  'feature-extraction': ['ai_ml'],
  'time-series-forecasting': ['ai_ml'],
};

/** EDAM topics (edamontology.org) as bio.tools lists them, by term. */
export const BIOTOOLS_DOMAINS: DomainMap = {
  genomics: ['genomics'],
  sequencing: ['genomics'],
  'gene expression': ['genomics'],
  transcriptomics: ['genomics'],
  'protein structure analysis': ['computational_biology'],
  'structure prediction': ['computational_biology'],
  proteomics: ['computational_biology'],
  'sequence analysis': ['computational_biology'],
  bioinformatics: ['computational_biology'],
  neurobiology: ['neuroscience'],
  'drug discovery': ['drug_discovery'],
  pharmacology: ['drug_discovery'],
  'medicinal chemistry': ['drug_discovery', 'chemistry'],
  chemistry: ['chemistry'],
  imaging: ['imaging'],
  bioimaging: ['imaging'],
  'medical imaging': ['imaging', 'medicine'],
  'machine learning': ['ai_ml'],
  medicine: ['medicine'],
  ecology: ['environmental_science'],
  biology: ['biology'],
  'cell biology': ['biology'],
};

/** The domains of a record's terms under a source's map, first term's first. */
export function mapToDomains(map: DomainMap, terms: readonly string[]): DomainSlug[] {
  const result: DomainSlug[] = [];
  const prefixes = Object.keys(map).filter((key) => key.endsWith('*'));
  for (const raw of terms) {
    const term = raw.trim().toLowerCase();
    if (term === '') continue;
    const exact = Object.hasOwn(map, term) ? map[term] : undefined;
    const prefix = prefixes.find((key) => term.startsWith(key.slice(0, -1)));
    for (const slug of exact ?? (prefix ? map[prefix] : undefined) ?? []) if (!result.includes(slug)) result.push(slug);
  }
  return result;
}
