/**
 * The open sources the catalog is built from, and what each one's licence lets the catalog do
 * with its records. `copyProse` says whether a record's own description may be copied (with
 * credit); otherwise the catalog keeps facts only (names, identifiers, dates, links, sections).
 */
export type SourceId =
  | 'biotools'
  | 'best-of-atomistic-ml'
  | 'scientific-lms'
  | 'ai-for-science'
  | 'hepml'
  | 'fda-aiml-devices'
  | 'ai-for-math'
  | 'llm-scientific-discovery'
  | 'medllms'
  | 'llm-social-science'
  | 'ml-in-cosmology'
  | 'weather-climate-fm';

export interface SnapshotSourceConfig {
  id: SourceId;
  /** A short name for credits ("via bio.tools"). */
  name: string;
  repository: string;
  files: readonly { path: string; saveAs: string }[];
  /** The repository's licence file, saved beside the records; absent when there is none. */
  licenseFile?: string;
  /** The licence of the records: an SPDX id, 'public-domain', or 'none' (facts only). */
  license: string;
  licenseBasis: string;
  copyProse: boolean;
  shareAlike: boolean;
  /** What the catalog must say when it uses the records. */
  credit: string;
}

const readme = [{ path: 'README.md', saveAs: 'README.md' }] as const;

export const SNAPSHOT_SOURCES: readonly SnapshotSourceConfig[] = [
  {
    id: 'biotools',
    name: 'bio.tools',
    repository: 'bio-tools/content',
    files: [{ path: 'data', saveAs: 'tools.jsonl' }],
    license: 'CC-BY-4.0',
    licenseBasis:
      'bio.tools publishes its registry content under CC BY 4.0; the content repository itself has no licence file at this commit',
    copyProse: true,
    shareAlike: false,
    credit: 'bio.tools (ELIXIR), CC BY 4.0; each record links to its bio.tools page',
  },
  {
    id: 'best-of-atomistic-ml',
    name: 'best-of-atomistic-machine-learning',
    repository: 'JuDFTteam/best-of-atomistic-machine-learning',
    files: [{ path: 'history/2026-08-20_projects.csv', saveAs: 'projects.csv' }],
    licenseFile: 'LICENSE',
    license: 'CC-BY-SA-4.0',
    licenseBasis: 'LICENSE file (Attribution-ShareAlike 4.0 International)',
    copyProse: true,
    shareAlike: true,
    credit: 'best-of-atomistic-machine-learning (JuDFTteam and contributors), CC BY-SA 4.0',
  },
  {
    id: 'scientific-lms',
    name: 'Awesome Scientific Language Models',
    repository: 'yuzhimanhua/Awesome-Scientific-Language-Models',
    files: readme,
    licenseFile: 'LICENSE',
    license: 'MIT',
    licenseBasis: 'LICENSE file (MIT, Copyright (c) 2024 Yu Zhang)',
    copyProse: true,
    shareAlike: false,
    credit: 'Awesome Scientific Language Models (Yu Zhang and contributors), MIT',
  },
  {
    id: 'ai-for-science',
    name: 'Awesome AI for Science',
    repository: 'ai-boost/awesome-ai-for-science',
    files: readme,
    licenseFile: 'LICENSE',
    license: 'MIT',
    licenseBasis: 'LICENSE file (MIT, Copyright (c) 2024 Awesome AI for Science)',
    copyProse: true,
    shareAlike: false,
    credit: 'Awesome AI for Science (ai-boost and contributors), MIT',
  },
  {
    id: 'hepml',
    name: 'HEPML Living Review',
    repository: 'iml-wg/HEPML-LivingReview',
    files: [
      { path: 'HEPML.bib', saveAs: 'HEPML.bib' },
      { path: 'HEPML.tex', saveAs: 'HEPML.tex' },
    ],
    license: 'none',
    licenseBasis: 'no licence file at this commit: bibliographic facts only',
    copyProse: false,
    shareAlike: false,
    credit: 'A Living Review of Machine Learning for Particle Physics (iml-wg)',
  },
  {
    id: 'fda-aiml-devices',
    name: 'FDA AI-enabled medical devices list',
    repository: 'onlyjazz/pattern-factory',
    files: [{ path: 'backend/data/aiml-devices.csv', saveAs: 'aiml-devices.csv' }],
    license: 'public-domain',
    licenseBasis:
      "a copy of the US FDA's list of AI-enabled medical devices, a US government work; the copying repository has no licence file, so only the FDA's facts are used",
    copyProse: false,
    shareAlike: false,
    credit:
      'US Food and Drug Administration, AI-enabled medical devices list (public domain); each device cited by its 510(k) number',
  },
  {
    id: 'ai-for-math',
    name: 'Awesome AI for Math',
    repository: 'seewoo5/awesome-ai-for-math',
    files: [{ path: 'assets/papers.json', saveAs: 'papers.json' }],
    license: 'none',
    licenseBasis: 'no licence file at this commit: facts only (title, identifiers, year, subjects, links)',
    copyProse: false,
    shareAlike: false,
    credit: 'awesome-ai-for-math (seewoo5)',
  },
  {
    id: 'llm-scientific-discovery',
    name: 'Awesome LLM Scientific Discovery',
    repository: 'HKUST-KnowComp/Awesome-LLM-Scientific-Discovery',
    files: readme,
    licenseFile: 'LICENSE',
    license: 'MIT',
    licenseBasis: 'LICENSE file (MIT, Copyright (c) 2025 HKUST-KnowComp)',
    copyProse: true,
    shareAlike: false,
    credit: 'Awesome-LLM-Scientific-Discovery (HKUST-KnowComp), MIT',
  },
  {
    id: 'medllms',
    name: 'Medical LLMs Practical Guide',
    repository: 'AI-in-Health/MedLLMsPracticalGuide',
    files: readme,
    licenseFile: 'LICENSE',
    license: 'MIT',
    licenseBasis: 'LICENSE file (MIT, Copyright (c) 2024 AI4H Group)',
    copyProse: true,
    shareAlike: false,
    credit: 'MedLLMsPracticalGuide (AI4H Group), MIT',
  },
  {
    id: 'llm-social-science',
    name: 'Awesome LLM in Social Science',
    repository: 'Value4AI/Awesome-LLM-in-Social-Science',
    files: readme,
    licenseFile: 'LICENSE',
    license: 'MIT',
    licenseBasis: 'LICENSE file (MIT, Copyright (c) 2023 Haoran Ye)',
    copyProse: true,
    shareAlike: false,
    credit: 'Awesome-LLM-in-Social-Science (Value4AI), MIT',
  },
  {
    id: 'ml-in-cosmology',
    name: 'ML in Cosmology',
    repository: 'georgestein/ml-in-cosmology',
    files: readme,
    license: 'none',
    licenseBasis: 'no licence file at this commit: facts only (title, arXiv id, method)',
    copyProse: false,
    shareAlike: false,
    credit: 'ml-in-cosmology (George Stein)',
  },
  {
    id: 'weather-climate-fm',
    name: 'Awesome Foundation Models for Weather and Climate',
    repository: 'shengchaochen82/Awesome-Foundation-Models-for-Weather-and-Climate',
    files: readme,
    license: 'none',
    licenseBasis: 'no licence file at this commit: facts only (title, venue, year, links)',
    copyProse: false,
    shareAlike: false,
    credit: 'Awesome-Foundation-Models-for-Weather-and-Climate (shengchaochen82)',
  },
];

export const SOURCE_BY_ID: ReadonlyMap<SourceId, SnapshotSourceConfig> = new Map(
  SNAPSHOT_SOURCES.map((source) => [source.id, source]),
);
