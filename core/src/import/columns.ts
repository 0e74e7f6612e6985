import { AVAILABILITIES, EMPLOYEE_RANGES, FUNDING_STAGES, PRICING_MODELS } from '../content.ts';
import { NAMED_PAPERS_MAX } from './named-papers.ts';
import { msg } from '../i18n/translate.ts';

/**
 * The CSV columns of the admin import (docs/product.md#csv-columns), with the help text the upload page shows and
 * the example value the template carries. `kind` decides how a cell is read (row-rules.ts).
 */
export const IMPORT_TYPES = ['software', 'paper', 'company', 'agent'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export type ColumnKind = 'text' | 'list' | 'json-object' | 'boolean' | 'integer' | 'date';

export interface ImportColumn {
  name: string;
  kind: ColumnKind;
  required: boolean;
  help: string;
  example: string;
}

const text = (name: string, help: string, example: string, required = false): ImportColumn => ({
  name,
  kind: 'text',
  required,
  help,
  example,
});
const list = (name: string, help: string, example: string): ImportColumn => ({
  name,
  kind: 'list',
  required: false,
  help,
  example,
});
const LIST_HELP = 'JSON array, or values separated by commas';

/** Limits of a software row's lists (the contribution wizard's, docs/product.md#contribute-validation). */
export const SOFTWARE_LIST_LIMITS = {
  /** tags and programming languages */
  entries: 50,
  entryLength: 300,
  keyFeatures: 20,
  keyFeatureLength: 200,
} as const;

const LICENSE_HELP =
  'Licence as an SPDX id or expression, e.g. MIT, Apache-2.0; names such as "MIT License" or "Apache 2.0" are read as their SPDX id (open source is derived from it)';

/**
 * What a tool or agent has apart from its code (docs/product.md#facts) and the papers to cite for
 * it (docs/product.md#paper-to-cite): the same columns for both types.
 */
function modelTermColumns(examples: {
  weightsLicense: string;
  availability: string;
  dois: string;
  arxivIds: string;
}): ImportColumn[] {
  return [
    text(
      'weights_license',
      'Licence of the model weights, apart from the code’s, e.g. CC-BY-NC-4.0 or OpenRAIL-M; kept as written',
      examples.weightsLicense,
    ),
    text('availability', `How it can be had, one of: ${AVAILABILITIES.join(', ')}`, examples.availability),
    list(
      'paper_dois',
      `DOIs of the papers to cite for it (10.NNNN/…; together with paper_arxiv_ids at most ${NAMED_PAPERS_MAX}): ${LIST_HELP}`,
      examples.dois,
    ),
    list('paper_arxiv_ids', `arXiv ids of the papers to cite for it, e.g. 2401.07950: ${LIST_HELP}`, examples.arxivIds),
  ];
}

export const SOFTWARE_COLUMNS: readonly ImportColumn[] = [
  text('name', 'Software name (required)', 'AlphaFold', true),
  text(
    'description',
    'Full description',
    'Predicts a protein’s 3D structure from its amino-acid sequence, with per-residue confidence scores.',
  ),
  text('short_description', 'One-line summary', 'Protein structure prediction from sequence.'),
  text('url', 'Link to the software (https://…)', 'https://github.com/google-deepmind/alphafold'),
  text('github_url', 'GitHub repository (https://github.com/…)', 'https://github.com/google-deepmind/alphafold'),
  text('organization_name', 'Organization that makes it (created when new)', 'Google DeepMind'),
  text('pricing_model', `One of: ${PRICING_MODELS.join(', ')}`, 'free'),
  text('license', LICENSE_HELP, 'Apache-2.0'),
  list(
    'programming_languages',
    `Programming languages, at most ${SOFTWARE_LIST_LIMITS.entries}: ${LIST_HELP}`,
    '["Python"]',
  ),
  text(
    'first_release',
    'First release: YYYY, YYYY-MM or YYYY-MM-DD, not in the future (browse filters by its year)',
    '2021-07',
  ),
  { name: 'api_available', kind: 'boolean', required: false, help: 'true/false: it offers an API', example: 'false' },
  list(
    'key_features',
    `Key features, at most ${SOFTWARE_LIST_LIMITS.keyFeatures} of ${SOFTWARE_LIST_LIMITS.keyFeatureLength} characters each: ${LIST_HELP}`,
    '["Single-chain and multimer structure prediction","Per-residue confidence scores"]',
  ),
  list(
    'tags',
    `Tags for search, at most ${SOFTWARE_LIST_LIMITS.entries}: ${LIST_HELP}`,
    '["protein structure","deep learning"]',
  ),
  list('domains', `Scientific domains by name or slug: ${LIST_HELP}`, '["Biology","Drug Discovery"]'),
  ...modelTermColumns({
    weightsLicense: 'CC-BY-4.0',
    availability: 'open',
    dois: '["10.1038/s41586-021-03819-2"]',
    arxivIds: '',
  }),
];

export const PAPER_COLUMNS: readonly ImportColumn[] = [
  text('title', 'Paper title (required)', 'Highly accurate protein structure prediction with AlphaFold', true),
  text(
    'abstract',
    'Paper abstract (a warning when missing)',
    'Proteins are essential to life, and understanding their structure can facilitate a mechanistic understanding of their function.',
  ),
  text(
    'short_description',
    'One-line summary; defaults to the first 200 characters of the abstract',
    'Predicts protein 3D structure from sequence with atomic accuracy.',
  ),
  text(
    'url',
    'Link to the paper; defaults to https://doi.org/{doi}',
    'https://www.nature.com/articles/s41586-021-03819-2',
  ),
  text('doi', 'Digital Object Identifier, e.g. 10.1038/s41586-021-03819-2', '10.1038/s41586-021-03819-2'),
  text('arxiv_id', 'arXiv identifier', '2107.00001'),
  text('pubmed_id', 'PubMed identifier', '34265844'),
  text('journal_name', 'Journal name', 'Nature'),
  text('volume', 'Journal volume', '596'),
  text('issue', 'Journal issue', '7873'),
  text('pages', 'Pages', '583-589'),
  { name: 'publication_date', kind: 'date', required: false, help: 'Date in YYYY-MM-DD format', example: '2021-07-15' },
  { name: 'peer_reviewed', kind: 'boolean', required: false, help: 'true/false', example: 'true' },
  { name: 'open_access', kind: 'boolean', required: false, help: 'true/false', example: 'true' },
  {
    name: 'citation_count',
    kind: 'integer',
    required: false,
    help: 'Whole number of citations (default 0)',
    example: '15000',
  },
  list('keywords', `Keywords: ${LIST_HELP}`, '["protein folding","deep learning"]'),
  list('research_goals', `Research goals: ${LIST_HELP}`, '["Predict protein structures from sequence"]'),
  list('key_findings', `Key findings: ${LIST_HELP}`, '["Atomic accuracy in CASP14"]'),
  text('methodology', 'Methods used', 'Attention-based neural network trained on PDB structures'),
  text('limitations', 'Known limitations', 'Lower accuracy on disordered regions'),
  text('future_work', 'Planned or suggested future work', 'Complexes and conformational dynamics'),
  list('domains', `Scientific domains by name or slug: ${LIST_HELP}`, '["Biology","AI/ML"]'),
  list(
    'authors',
    `Every author, in order (end with "et al." only when the list stops short): ${LIST_HELP}`,
    '["John Jumper","Richard Evans","Demis Hassabis"]',
  ),
];

/** A fact that changes (docs/product.md#facts): its value, when it was true, and where it was read. */
function changingFact(name: string, help: string, example: string, asOf: string, source: string): ImportColumn[] {
  return [
    text(name, help, example),
    { name: `${name}_as_of`, kind: 'date', required: false, help: `When ${name} was true, YYYY-MM-DD`, example: asOf },
    text(`${name}_source`, `Where ${name} was read (https://…)`, source),
  ];
}

export const COMPANY_COLUMNS: readonly ImportColumn[] = [
  text('name', 'Company name (required)', 'Insilico Medicine', true),
  text(
    'description',
    'Full description',
    'Generative AI for drug discovery, from target identification to clinical trials.',
  ),
  text('short_description', 'One-line summary', 'End-to-end AI drug discovery.'),
  text('website', 'Company website (https://…)', 'https://insilico.com'),
  text('business_model', 'Business model', 'Drug pipeline and software licensing'),
  text('moat', 'Competitive moat', 'Integrated platform with clinical-stage assets'),
  list('industry_focus', `Industries: ${LIST_HELP}`, '["Pharmaceuticals","Biotechnology"]'),
  list('target_customers', `Target customers: ${LIST_HELP}`, '["Pharma companies","Research labs"]'),
  {
    name: 'traction_metrics',
    kind: 'json-object',
    required: false,
    help: 'JSON object, e.g. {"customers": 40}',
    example: '{"clinical_programs": 30}',
  },
  list('partnerships', `Partners: ${LIST_HELP}`, '["Sanofi","Fosun Pharma"]'),
  list('awards_recognition', `Awards: ${LIST_HELP}`, '["CB Insights AI 100"]'),
  list('press_mentions', `Press mentions: ${LIST_HELP}`, '["Nature Biotechnology"]'),
  list('domains', `Scientific domains by name or slug: ${LIST_HELP}`, '["Drug Discovery","Chemistry"]'),
  text('organization_name', 'Organization the company belongs to (created when new)', 'Insilico Medicine'),
  text('organization_website', 'Organization website (https://…)', 'https://insilico.com'),
  text('organization_description', 'Organization description', 'AI-driven biotechnology company.'),
  {
    name: 'founded_year',
    kind: 'integer',
    required: false,
    help: 'Year the company was founded (browse filters by it)',
    example: '2014',
  },
  ...changingFact(
    'funding_stage',
    `One of: ${FUNDING_STAGES.join(', ')}`,
    'Public',
    '2026-01-15',
    'https://insilico.com/news',
  ),
  ...changingFact(
    'employee_count',
    `One of: ${EMPLOYEE_RANGES.join(', ')}`,
    '201-500',
    '2025-01-31',
    'https://insilico.com/about',
  ),
  ...changingFact(
    'headquarters',
    'City and country',
    'Boston, Massachusetts, USA',
    '2025-01-31',
    'https://insilico.com/contact',
  ),
];

export const AGENT_COLUMNS: readonly ImportColumn[] = [
  text('name', 'Agent name (required)', 'ChemCrow', true),
  text(
    'description',
    'Full description',
    'An LLM chemistry agent that plans and runs synthesis and analysis tasks with expert tools.',
  ),
  text('short_description', 'One-line summary', 'LLM agent for chemistry tasks.'),
  text('url', 'Link to the agent (https://…)', 'https://github.com/ur-whitelab/chemcrow-public'),
  text('model_type', 'Underlying model type', 'Large language model'),
  text('specialization', 'What the agent specialises in', 'Organic synthesis'),
  text('interaction_mode', 'One of: chat, autonomous, api, notebook, cli', 'chat'),
  list('capabilities', `Capabilities: ${LIST_HELP}`, '["Retrosynthesis","Safety checks"]'),
  list('integration_options', `Integrations: ${LIST_HELP}`, '["Python API","LangChain"]'),
  list('domains', `Scientific domains by name or slug: ${LIST_HELP}`, '["Chemistry"]'),
  text('license', LICENSE_HELP, 'MIT'),
  text('first_release', 'First release: YYYY, YYYY-MM or YYYY-MM-DD (browse filters by its year)', '2023-04'),
  ...modelTermColumns({ weightsLicense: '', availability: 'open', dois: '', arxivIds: '["2304.05376"]' }),
];

export const IMPORT_COLUMNS: Record<ImportType, readonly ImportColumn[]> = {
  software: SOFTWARE_COLUMNS,
  paper: PAPER_COLUMNS,
  company: COMPANY_COLUMNS,
  agent: AGENT_COLUMNS,
};

/**
 * Labels of the Content Type choice (docs/product.md#csv-flow), as browse's tabs name the types
 * (messages, shown with `t(label)`), and the plural the terminal uses.
 */
export const IMPORT_TYPE_LABELS: Record<ImportType, string> = {
  software: msg('Software & Tools'),
  paper: msg('Research Papers'),
  company: msg('Companies'),
  agent: msg('AI Agents'),
};
export const IMPORT_TYPE_PLURALS: Record<ImportType, string> = {
  software: 'software tools',
  paper: 'papers',
  company: 'companies',
  agent: 'agents',
};

/** One item of a type, in a count ('1 software tool', '1 paper'). */
export const IMPORT_TYPE_SINGULARS: Record<ImportType, string> = {
  software: 'software tool',
  paper: 'paper',
  company: 'company',
  agent: 'agent',
};

export function isImportType(value: string): value is ImportType {
  return (IMPORT_TYPES as readonly string[]).includes(value);
}
