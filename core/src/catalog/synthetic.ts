import { DOMAIN_SLUGS, type DomainSlug } from '../domains.ts';
import {
  EMPLOYEE_RANGES,
  FUNDING_STAGES,
  INTERACTION_MODES,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRICING_MODELS,
} from '../content.ts';
import { slugify } from '../format.ts';
import type { CatalogItem, OrganizationRef } from './catalog-item.ts';

/**
 * A synthetic catalog for scale and search benchmarks. Every item is a pure function of
 * (seed, index): generating items 1..N in one call or in several calls with `startIndex` gives
 * the same items, so a bigger run after a smaller one only adds the missing ones.
 */
export interface SyntheticCatalogOptions {
  /** Varies the content; the same seed and indexes always give identical items. Default 1. */
  seed?: number;
  /** Index of the first item (slugs are `synthetic-{type}-{index}`). Default 1. */
  startIndex?: number;
}

export function generateSyntheticCatalog(count: number, options: SyntheticCatalogOptions = {}): CatalogItem[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const seed = (options.seed ?? 1) >>> 0;
  const startIndex = options.startIndex ?? 1;
  if (!Number.isSafeInteger(startIndex) || startIndex < 0)
    throw new RangeError(`startIndex must be a non-negative integer`);
  const items: CatalogItem[] = new Array(count);
  for (let offset = 0; offset < count; offset++) items[offset] = generateItem(seed, startIndex + offset);
  return items;
}

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, seeded per item from (seed, index) so items are independent.

type Random = () => number;

function mulberry32(state: number): Random {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (random: Random, p: number) => random() < p;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** `min`..`max` distinct entries, in random order. */
function pickSome<T>(random: Random, list: readonly T[], min: number, max: number): T[] {
  const wanted = Math.min(between(random, min, max), list.length);
  const pool = list.slice();
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, wanted);
}

/** Pareto-tailed counts: most items modest, a few enormous, as real popularity is. */
function zipfCount(random: Random, scale: number, exponent: number, cap: number): number {
  const u = 1 - random(); // (0, 1]
  return Math.min(cap, Math.floor(scale * (Math.pow(u, -exponent) - 1)));
}

// ---------------------------------------------------------------------------------------------
// Vocabulary. Pipe-separated to keep the lists compact.

const words = (list: string) => list.split('|');

/** Subjects and tags per field, so titles, tags and domains of an item agree. */
const FIELDS: Record<DomainSlug, { subjects: string[]; tags: string[] }> = {
  biology: {
    subjects: words('Protein Structure|Protein Function|Cell Type|Gene Regulatory Network|Enzyme Activity|Microbiome'),
    tags: words('proteins|structural biology|cell biology|enzymes|microbiology'),
  },
  chemistry: {
    subjects: words('Reaction Yield|Molecular Property|Retrosynthesis|Catalyst|Spectroscopy|Solubility'),
    tags: words('chemistry|molecules|reactions|catalysis|cheminformatics'),
  },
  physics: {
    subjects: words('Particle Collision|Plasma Dynamics|Quantum State|Gravitational Wave|Turbulence|Lattice QCD'),
    tags: words('physics|particle physics|quantum|simulation|astrophysics'),
  },
  drug_discovery: {
    subjects: words('Drug-Target Interaction|Lead Compound|ADMET|Binding Affinity|Virtual Screening|Toxicity'),
    tags: words('drug discovery|docking|virtual screening|pharmacology|admet'),
  },
  materials_science: {
    subjects: words('Crystal Structure|Battery Electrolyte|Alloy Property|Polymer|Band Gap|Catalytic Surface'),
    tags: words('materials|crystals|batteries|dft|polymers'),
  },
  genomics: {
    subjects: words('Variant Effect|Genome Assembly|Single-Cell RNA|Epigenetic Mark|Sequence Alignment|CRISPR Guide'),
    tags: words('genomics|sequencing|single-cell|variants|crispr'),
  },
  imaging: {
    subjects: words('Microscopy Image|Medical Image|Cryo-EM Map|Histopathology Slide|Satellite Image|Tomography'),
    tags: words('imaging|computer vision|microscopy|segmentation|cryo-em'),
  },
  computational_biology: {
    subjects: words(
      'Protein Folding|Molecular Dynamics|Metabolic Pathway|Phylogenetic Tree|Protein Design|Cell Simulation',
    ),
    tags: words('computational biology|bioinformatics|molecular dynamics|systems biology'),
  },
  environmental_science: {
    subjects: words('Climate|Air Quality|Biodiversity|Ocean Temperature|Wildfire Risk|Crop Yield'),
    tags: words('climate|earth science|remote sensing|ecology|weather'),
  },
  neuroscience: {
    subjects: words('Neural Activity|Brain Connectivity|Spike Train|EEG Signal|fMRI|Behaviour'),
    tags: words('neuroscience|brain|electrophysiology|connectomics|neuroimaging'),
  },
  medicine: {
    subjects: words('Clinical Outcome|Disease Risk|Radiology Report|Patient Triage|Sepsis|Tumour'),
    tags: words('medicine|clinical|healthcare|diagnostics|radiology'),
  },
  ai_ml: {
    subjects: words('Model Evaluation|Hyperparameter|Scientific Text|Benchmark|Dataset Curation|Uncertainty'),
    tags: words('machine learning|llm|foundation models|benchmarks|automl'),
  },
  computer_science: {
    subjects: words('Code Generation|Program Synthesis|Scientific Workflow|HPC Scheduling|Data Pipeline|Literature'),
    tags: words('software engineering|hpc|workflows|data engineering|reproducibility'),
  },
};

const BRAND_HEADS = words(
  'Deep|Neuro|Quantum|Bio|Chem|Omni|Hyper|Meta|Open|Auto|Cell|Gene|Mol|Astro|Eco|Syn|Nano|Cryo|Spectra|Lumen|Proto|Vector|Helix|Atom',
);
const BRAND_TAILS = words(
  'Fold|Net|Mind|Flow|Graph|Scope|Lab|Forge|Sense|Vision|Gen|Dock|Map|Seq|Bench|Pilot|Atlas|Core|Lens|Works|Kit|Sight',
);
const TOOL_NOUNS = words(
  'Predictor|Analyzer|Toolkit|Platform|Pipeline|Simulator|Explorer|Engine|Framework|Suite|Navigator|Designer|Classifier|Segmenter',
);
const METHODS = words(
  'Graph Neural Networks|Transformers|Diffusion Models|Contrastive Learning|Bayesian Optimization|Active Learning|Self-Supervised Learning|Reinforcement Learning|Foundation Models|Physics-Informed Neural Networks|Variational Autoencoders|Large Language Models|Equivariant Networks|Gaussian Processes|Federated Learning',
);
const TASKS = words(
  'Prediction|Generation|Classification|Segmentation|Discovery|Optimization|Simulation|Analysis|Annotation|Screening|Forecasting|Reconstruction',
);
const COMPANY_SUFFIXES = words('Therapeutics|Bio|AI|Labs|Analytics|Materials|Sciences|Robotics|Health|Quantum');
const GENERAL_TAGS = words(
  'deep learning|machine learning|open data|python|gpu|cloud|api|benchmark|transformers|graph neural networks|generative ai|automation',
);
const FEATURES = words(
  'Pretrained models for common tasks|Batch processing of large datasets|Interactive web interface|REST API access|GPU acceleration|Uncertainty estimates with every prediction|Jupyter notebook integration|Reproducible pipelines|Export to standard formats|Active-learning loop|Fine-tuning on your own data|Command-line interface|Versioned model registry|Plugin system|Provenance tracking',
);
const ADVANTAGES = words(
  'State-of-the-art accuracy on public benchmarks|Ten times faster than classical methods|Runs on a laptop|Fully open source|Validated in wet-lab experiments|Scales to millions of samples|No coding required|Backed by peer-reviewed research|Transparent, explainable outputs',
);
const LANGUAGES = words('Python|R|Julia|C++|Rust|JavaScript|Java|Go|Fortran|MATLAB');
const LICENSES = words('MIT|Apache-2.0|BSD-3-Clause|GPL-3.0|MPL-2.0');
const JOURNALS = words(
  'Nature|Science|Cell|Nature Methods|Nature Machine Intelligence|Bioinformatics|Journal of Chemical Information and Modeling|Physical Review Letters|PLOS Computational Biology|NeurIPS|ICML|ICLR|The Lancet Digital Health|npj Computational Materials|Nucleic Acids Research|eLife',
);
const FIRST_NAMES = words(
  'Ada|Wei|Priya|Lars|Amara|Diego|Yuki|Fatima|Oliver|Ines|Kwame|Sofia|Mateo|Hana|Ravi|Elena|Jonas|Aisha|Chen|Lucas|Mei|Omar|Freya|Tomas|Nadia|Kenji|Zara|Hugo|Leila|Anton|Maya|Samuel|Ingrid|Rohan|Clara|Emeka|Lina|Felix|Asha|Marco',
);
const LAST_NAMES = words(
  'Okafor|Lindqvist|Tanaka|Moreau|Haddad|Novak|Fernandez|Nakamura|Schmidt|Mensah|Rossi|Kowalski|Ivanova|Patel|Nguyen|Garcia|Kim|Jensen|Costa|Ahmed|Dubois|Sato|Müller|Banerjee|Silva|Andersen|Oyelaran|Petrov|Yilmaz|Chowdhury|Larsen|Moretti|Zhang|Hoffmann|Eriksen|Abebe|Kaur|Laurent|Vogel|Romero',
);
const CITIES = words(
  'Boston|London|Cambridge|Basel|Zurich|San Francisco|Toronto|Berlin|Paris|Singapore|Tokyo|Bangalore|Tel Aviv|Copenhagen|Seattle|Nairobi|São Paulo|Sydney|Munich|Montreal',
);
const BUSINESS_MODELS = words(
  'SaaS subscriptions|Drug-discovery partnerships|Enterprise licensing|Usage-based API pricing|Open core with paid hosting|Contract research|Data licensing',
);
const MODEL_TYPES = words(
  'Tool-using LLM agent|Multi-agent system|Reinforcement learning agent|Retrieval-augmented LLM|Planning agent with code execution|Autonomous lab controller',
);
const CAPABILITIES = words(
  'Literature search|Hypothesis generation|Experiment planning|Code execution|Data analysis|Protocol writing|Lab robot control|Figure generation|Citation checking|Database queries',
);
const INTEGRATIONS = words('Slack|Jupyter|VS Code|REST API|Python SDK|Benchling|ELN plugins|GitHub|Zapier');
const PLACE_HEADS = words('North|South|East|West|New|Port|Lake|Mount|Glen|River|Stone|Bright');
const PLACE_TAILS = words('haven|ford|bridge|field|wood|dale|ton|mere|brook|gate|vale|shire');
const INSTITUTE_FIELDS = words(
  'Computational Science|Data Science|Molecular Sciences|Climate Research|Quantum Technology|Biomedical AI|Materials Research|Neuroinformatics|Genomic Medicine|Applied Mathematics',
);

// ---------------------------------------------------------------------------------------------
// Organisations: a fixed pool of ~500, picked with a skew so a few run many items.

const ORGANIZATION_POOL_SIZE = 500;
let organizationPool: OrganizationRef[] | undefined;

function organizations(): OrganizationRef[] {
  if (organizationPool) return organizationPool;
  const random = mulberry32(0x5c1a1);
  const names = new Set<string>();
  const pool: OrganizationRef[] = [];
  while (pool.length < ORGANIZATION_POOL_SIZE) {
    const type = pick(random, [...ORGANIZATION_TYPES, 'company', 'company', 'academic'] as const);
    const place = pick(random, PLACE_HEADS) + pick(random, PLACE_TAILS);
    const field = pick(random, INSTITUTE_FIELDS);
    const brand = pick(random, BRAND_HEADS) + pick(random, BRAND_TAILS).toLowerCase();
    const name = {
      company: `${brand} ${pick(random, COMPANY_SUFFIXES)}`,
      academic: pick(random, [
        `University of ${place}`,
        `${place} Institute of Technology`,
        `${place} State University`,
      ]),
      research_institute: pick(random, [
        `${place} Institute for ${field}`,
        `${pick(random, LAST_NAMES)} Centre for ${field}`,
      ]),
      nonprofit: pick(random, [`${place} Open Science Foundation`, `${field} Commons`]),
      government: pick(random, [`National Laboratory for ${field}, ${place}`, `${place} Bureau of ${field}`]),
    }[type];
    if (names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    const size =
      type === 'academic' || type === 'government'
        ? pick(random, ['large', 'enterprise'] as const)
        : type === 'company'
          ? pick(random, ['startup', 'startup', 'small', 'medium', 'large', 'enterprise'] as const)
          : pick(random, ORGANIZATION_SIZES);
    const website = chance(random, 0.9) ? { website: `https://${slugify(name)}.example.org` } : {};
    pool.push({ name, type, size, ...website });
  }
  organizationPool = pool;
  return pool;
}

// ---------------------------------------------------------------------------------------------
// Items.

const CREATED_FROM = Date.UTC(2020, 0, 1);
const CREATED_TO = Date.UTC(2026, 9, 31, 23, 59, 59);

type ContentType = CatalogItem['content_type'];

function contentTypeFor(roll: number): ContentType {
  if (roll < 0.45) return 'software';
  if (roll < 0.7) return 'paper';
  if (roll < 0.85) return 'company';
  return 'agent';
}

function generateItem(seed: number, index: number): CatalogItem {
  const random = mulberry32(mix32(seed ^ mix32(index + 0x9e3779b9)));
  const type = contentTypeFor(random());
  const domains = pickSome(random, DOMAIN_SLUGS, 1, 3);
  const field = FIELDS[domains[0]!];
  const subject = pick(random, field.subjects);
  const task = pick(random, TASKS);
  const method = pick(random, METHODS);
  const brand = pick(random, BRAND_HEADS) + pick(random, BRAND_TAILS);
  const pool = organizations();
  const organization = pool[Math.floor(Math.pow(random(), 2) * pool.length)]!;
  // Recent years are likelier, as the field's output is.
  const year = 2026 - Math.floor(26 * Math.pow(random(), 2.2));
  const createdAt = new Date(CREATED_FROM + Math.floor(random() * ((CREATED_TO - CREATED_FROM) / 1000)) * 1000);
  const views = zipfCount(random, 40, 1.15, 2_500_000);
  const recency = (createdAt.getTime() - CREATED_FROM) / (CREATED_TO - CREATED_FROM);

  const title = {
    software: `${brand} ${subject} ${pick(random, TOOL_NOUNS)} ${index}`,
    paper: `${method} for ${subject} ${task} ${index}`,
    company: `${brand} ${pick(random, COMPANY_SUFFIXES)} ${index}`,
    agent: `${brand} ${subject} Agent ${index}`,
  }[type];
  const subjectLower = subject.toLowerCase();
  const taskLower = task.toLowerCase();
  const what = {
    software: `${brand} applies ${method.toLowerCase()} to ${subjectLower} ${taskLower}.`,
    paper: `We apply ${method.toLowerCase()} to ${subjectLower} ${taskLower} and report gains over strong baselines.`,
    company: `${brand} builds ${method.toLowerCase()} products for ${subjectLower} ${taskLower}.`,
    agent: `An AI agent that automates ${subjectLower} ${taskLower} with ${method.toLowerCase()}.`,
  }[type];
  const tags = [...pickSome(random, field.tags, 1, 3), ...pickSome(random, GENERAL_TAGS, 1, 3)];

  const base = {
    slug: `synthetic-${type}-${index}`,
    title,
    url: `https://synthetic.example.org/${type}/${index}`,
    year,
    short_description: what.length <= 150 ? what : `${what.slice(0, 148).trimEnd()}…`,
    description:
      `${what} Built for researchers in ${domains.map((d) => d.replace(/_/g, ' ')).join(', ')}, it covers ` +
      `${tags.join(', ')}. This is a synthetic catalog entry (#${index}) generated for benchmarks.`,
    tags,
    domains,
    verified: chance(random, 0.3),
    featured: chance(random, 0.02),
    view_count: views,
    save_count: Math.floor(views * (0.005 + 0.075 * random())),
    trending_score: Math.round(Math.log10(1 + views) * 10 * (0.3 + recency) * (0.5 + random()) * 100) / 100,
    created_at: createdAt.toISOString(),
    organization,
    key_features: pickSome(random, FEATURES, 0, 5),
    competitive_advantages: chance(random, 0.3) ? [] : pickSome(random, ADVANTAGES, 1, 3),
  };

  switch (type) {
    case 'software': {
      const openSource = chance(random, 0.6);
      const repo = `https://github.com/${slugify(organization.name)}/${brand.toLowerCase()}-${index}`;
      return {
        ...base,
        content_type: 'software',
        software: {
          pricing_model: openSource ? pick(random, ['free', 'freemium'] as const) : pick(random, PRICING_MODELS),
          open_source: openSource,
          ...(openSource
            ? { github_url: repo, github_stars: zipfCount(random, 30, 1.2, 250_000), license: pick(random, LICENSES) }
            : {}),
          api_available: chance(random, 0.5),
          programming_languages: pickSome(random, LANGUAGES, 1, 3),
        },
      };
    }
    case 'paper': {
      const month = between(random, 1, 12);
      const day = between(random, 1, 28);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        ...base,
        content_type: 'paper',
        paper: {
          journal_name: pick(random, JOURNALS),
          doi: `10.5555/synthetic.${index}`,
          ...(year >= 2008 && chance(random, 0.6)
            ? { arxiv_id: `${pad(year % 100)}${pad(month)}.${String(index % 100_000).padStart(5, '0')}` }
            : {}),
          publication_date: `${year}-${pad(month)}-${pad(day)}`,
          peer_reviewed: chance(random, 0.8),
          open_access: chance(random, 0.55),
          citation_count: zipfCount(random, 5, 1.1, 150_000),
          authors: Array.from(
            { length: between(random, 1, 5) },
            () => `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
          ),
          key_findings: pickSome(
            random,
            [
              `${method} outperform classical baselines on ${subjectLower} ${taskLower}`,
              `Accuracy improves with model scale`,
              `The approach transfers across datasets`,
              `Predictions agree with experimental measurements`,
            ],
            1,
            3,
          ),
          research_goals: [`Improve ${subjectLower} ${taskLower}`],
        },
      };
    }
    case 'company':
      return {
        ...base,
        content_type: 'company',
        company: {
          funding_stage: pick(random, FUNDING_STAGES),
          employee_count: pick(random, EMPLOYEE_RANGES),
          founded_year: Math.max(2000, year - between(random, 0, 8)),
          headquarters: pick(random, CITIES),
          business_model: pick(random, BUSINESS_MODELS),
          industry_focus: domains.map((d) => d.replace(/_/g, ' ')),
        },
      };
    case 'agent':
      return {
        ...base,
        content_type: 'agent',
        agent: {
          model_type: pick(random, MODEL_TYPES),
          capabilities: pickSome(random, CAPABILITIES, 2, 5),
          interaction_mode: pick(random, INTERACTION_MODES),
          specialization: `${subject} ${task}`,
          integration_options: pickSome(random, INTEGRATIONS, 0, 3),
          open_source: chance(random, 0.4),
          pricing_model: pick(random, PRICING_MODELS),
        },
      };
  }
}
