import type { DomainSlug } from '../domains.ts';

// Word lists the synthetic catalog draws from, pipe-separated to keep them compact.
const words = (list: string) => list.split('|');

/** Subjects and tags per field, so titles, tags and domains of an item agree. */
export const FIELDS: Record<DomainSlug, { subjects: string[]; tags: string[] }> = {
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
  astronomy: {
    subjects: words(
      'Galaxy Morphology|Exoplanet Transit|Photometric Redshift|Supernova Light Curve|Sky Survey|Weak Lensing',
    ),
    tags: words('astronomy|astrophysics|cosmology|telescopes|sky surveys'),
  },
  particle_physics: {
    subjects: words('Jet Tagging|Event Reconstruction|Detector Simulation|Anomaly Search|Track Finding|Trigger'),
    tags: words('particle physics|collider physics|jets|detectors|lhc'),
  },
  mathematics: {
    subjects: words(
      'Theorem Proving|Conjecture Search|Formal Proof|Integer Sequence|Symbolic Integration|Knot Invariant',
    ),
    tags: words('mathematics|theorem proving|formal methods|lean|combinatorics'),
  },
  social_science: {
    subjects: words('Survey Response|Opinion Dynamics|Text as Data|Economic Forecast|Policy Simulation|Census Linkage'),
    tags: words('social science|economics|political science|surveys|computational social science'),
  },
};

export const BRAND_HEADS = words(
  'Deep|Neuro|Quantum|Bio|Chem|Omni|Hyper|Meta|Open|Auto|Cell|Gene|Mol|Astro|Eco|Syn|Nano|Cryo|Spectra|Lumen|Proto|Vector|Helix|Atom',
);
export const BRAND_TAILS = words(
  'Fold|Net|Mind|Flow|Graph|Scope|Lab|Forge|Sense|Vision|Gen|Dock|Map|Seq|Bench|Pilot|Atlas|Core|Lens|Works|Kit|Sight',
);
export const TOOL_NOUNS = words(
  'Predictor|Analyzer|Toolkit|Platform|Pipeline|Simulator|Explorer|Engine|Framework|Suite|Navigator|Designer|Classifier|Segmenter',
);
export const METHODS = words(
  'Graph Neural Networks|Transformers|Diffusion Models|Contrastive Learning|Bayesian Optimization|Active Learning|Self-Supervised Learning|Reinforcement Learning|Foundation Models|Physics-Informed Neural Networks|Variational Autoencoders|Large Language Models|Equivariant Networks|Gaussian Processes|Federated Learning',
);
export const TASKS = words(
  'Prediction|Generation|Classification|Segmentation|Discovery|Optimization|Simulation|Analysis|Annotation|Screening|Forecasting|Reconstruction',
);
export const COMPANY_SUFFIXES = words('Therapeutics|Bio|AI|Labs|Analytics|Materials|Sciences|Robotics|Health|Quantum');
export const GENERAL_TAGS = words(
  'deep learning|machine learning|open data|python|gpu|cloud|api|benchmark|transformers|graph neural networks|generative ai|automation',
);
export const FEATURES = words(
  'Pretrained models for common tasks|Batch processing of large datasets|Interactive web interface|REST API access|GPU acceleration|Uncertainty estimates with every prediction|Jupyter notebook integration|Reproducible pipelines|Export to standard formats|Active-learning loop|Fine-tuning on your own data|Command-line interface|Versioned model registry|Plugin system|Provenance tracking',
);
export const ADVANTAGES = words(
  'State-of-the-art accuracy on public benchmarks|Ten times faster than classical methods|Runs on a laptop|Fully open source|Validated in wet-lab experiments|Scales to millions of samples|No coding required|Backed by peer-reviewed research|Transparent, explainable outputs',
);
export const LANGUAGES = words('Python|R|Julia|C++|Rust|JavaScript|Java|Go|Fortran|MATLAB');
export const LICENSES = words('MIT|Apache-2.0|BSD-3-Clause|GPL-3.0|MPL-2.0');
export const JOURNALS = words(
  'Nature|Science|Cell|Nature Methods|Nature Machine Intelligence|Bioinformatics|Journal of Chemical Information and Modeling|Physical Review Letters|PLOS Computational Biology|NeurIPS|ICML|ICLR|The Lancet Digital Health|npj Computational Materials|Nucleic Acids Research|eLife',
);
export const FIRST_NAMES = words(
  'Ada|Wei|Priya|Lars|Amara|Diego|Yuki|Fatima|Oliver|Ines|Kwame|Sofia|Mateo|Hana|Ravi|Elena|Jonas|Aisha|Chen|Lucas|Mei|Omar|Freya|Tomas|Nadia|Kenji|Zara|Hugo|Leila|Anton|Maya|Samuel|Ingrid|Rohan|Clara|Emeka|Lina|Felix|Asha|Marco',
);
export const LAST_NAMES = words(
  'Okafor|Lindqvist|Tanaka|Moreau|Haddad|Novak|Fernandez|Nakamura|Schmidt|Mensah|Rossi|Kowalski|Ivanova|Patel|Nguyen|Garcia|Kim|Jensen|Costa|Ahmed|Dubois|Sato|Müller|Banerjee|Silva|Andersen|Oyelaran|Petrov|Yilmaz|Chowdhury|Larsen|Moretti|Zhang|Hoffmann|Eriksen|Abebe|Kaur|Laurent|Vogel|Romero',
);
export const CITIES = words(
  'Boston|London|Cambridge|Basel|Zurich|San Francisco|Toronto|Berlin|Paris|Singapore|Tokyo|Bangalore|Tel Aviv|Copenhagen|Seattle|Nairobi|São Paulo|Sydney|Munich|Montreal',
);
export const BUSINESS_MODELS = words(
  'SaaS subscriptions|Drug-discovery partnerships|Enterprise licensing|Usage-based API pricing|Open core with paid hosting|Contract research|Data licensing',
);
export const MODEL_TYPES = words(
  'Tool-using LLM agent|Multi-agent system|Reinforcement learning agent|Retrieval-augmented LLM|Planning agent with code execution|Autonomous lab controller',
);
export const CAPABILITIES = words(
  'Literature search|Hypothesis generation|Experiment planning|Code execution|Data analysis|Protocol writing|Lab robot control|Figure generation|Citation checking|Database queries',
);
export const INTEGRATIONS = words('Slack|Jupyter|VS Code|REST API|Python SDK|Benchling|ELN plugins|GitHub|Zapier');
export const PLACE_HEADS = words('North|South|East|West|New|Port|Lake|Mount|Glen|River|Stone|Bright');
export const PLACE_TAILS = words('haven|ford|bridge|field|wood|dale|ton|mere|brook|gate|vale|shire');
export const INSTITUTE_FIELDS = words(
  'Computational Science|Data Science|Molecular Sciences|Climate Research|Quantum Technology|Biomedical AI|Materials Research|Neuroinformatics|Genomic Medicine|Applied Mathematics',
);
