import { describe, expect, it } from 'vitest';
import type { SnapshotText } from '../record.ts';
import { arxivIdFromUrl, githubRepoFromUrl, normaliseDoi } from '../identifiers.ts';
import {
  parseAiForScience,
  parseLlmScientificDiscovery,
  parseMlInCosmology,
  parseScientificLms,
  withoutVenueNote,
} from './awesome-lists.ts';
import { parseBestOfAtomistic } from './best-of-atomistic.ts';
import { isAutomaticImport, parseBiotools } from './biotools.ts';
import { isMachineLearningTool } from './biotools-selection.ts';
import { parseFdaDevices } from './fda-devices.ts';
import { bibAuthors, bibText, hepmlSections, parseBibtex, parseHepml } from './hepml.ts';
import { listEntries, MAX_ENTRY_LENGTH, sectionName } from './markdown-list.ts';

const snapshot = (files: Record<string, string>): SnapshotText => ({
  repository: 'https://github.com/owner/list',
  commit: 'a'.repeat(40),
  date: '2026-01-02',
  files,
});

describe('identifiers', () => {
  it('reads DOIs, arXiv ids and repositories from links', () => {
    expect(normaliseDoi('https://doi.org/10.1103/PhysRevD.100.095016')).toBe('10.1103/physrevd.100.095016');
    expect(normaliseDoi('doi:10.1000/xyz.')).toBe('10.1000/xyz');
    expect(normaliseDoi('not a doi')).toBeUndefined();
    expect(arxivIdFromUrl('https://arxiv.org/pdf/2311.05965v2')).toBe('2311.05965');
    expect(arxivIdFromUrl('https://arxiv.org/abs/hep-th/9901001')).toBe('hep-th/9901001');
    expect(arxivIdFromUrl('https://example.org/abs/2311.05965')).toBeUndefined();
    expect(githubRepoFromUrl('https://github.com/DeepChem/DeepChem.git')).toBe('deepchem/deepchem');
    expect(githubRepoFromUrl('https://github.com/a/b/blob/main/README.md')).toBe('a/b');
    expect(githubRepoFromUrl('https://github.com/google-deepmind/deepmind-research/tree/master/enformer')).toBe(
      'google-deepmind/deepmind-research/enformer',
    );
    expect(githubRepoFromUrl('https://github.com/topics/chemistry')).toBeUndefined();
  });
});

describe('bio.tools', () => {
  const tool = {
    biotoolsID: 'deepthing',
    name: 'DeepThing',
    description: 'Predicts things with a convolutional neural network.',
    homepage: 'https://github.com/lab/DeepThing',
    owner: 'Pub2Tools',
    confidence_flag: 'tool',
    topic: [{ term: 'Oncology', uri: 'http://edamontology.org/topic_2640' }],
    function: [{ operation: [{ term: 'Classification', uri: 'http://edamontology.org/operation_2990' }] }],
    publication: [{ doi: '10.1093/Bioinformatics/btx001' }, { doi: null }],
    license: 'MIT',
  };

  it('selects machine-learning tools by EDAM topic or by the method named in the description', () => {
    expect(isMachineLearningTool({ topic: [{ uri: 'http://edamontology.org/topic_3474' }], description: 'x' })).toBe(
      true,
    );
    expect(isMachineLearningTool({ description: 'A random forest classifier' })).toBe(true);
    expect(isMachineLearningTool({ description: 'Aligns reads to a genome.' })).toBe(false);
  });

  it('tells automatic imports from curated records', () => {
    expect(isAutomaticImport({ owner: 'Pub2Tools' })).toBe(true);
    expect(isAutomaticImport({ owner: 'mbs_import' })).toBe(true);
    expect(isAutomaticImport({ owner: 'Kigaard', confidence_flag: 'tool' })).toBe(true);
    expect(isAutomaticImport({ owner: 'Kigaard' })).toBe(false);
  });

  it('maps a record to its facts', () => {
    const [record] = parseBiotools(snapshot({ 'tools.jsonl': `${JSON.stringify(tool)}\n` }));
    expect(record).toMatchObject({
      source: 'biotools',
      recordId: 'deepthing',
      recordUrl: 'https://bio.tools/deepthing',
      title: 'DeepThing',
      biotoolsId: 'deepthing',
      githubRepo: 'lab/deepthing',
      licenseRaw: 'MIT',
      terms: ['Oncology'],
      automaticImport: true,
      validated: false,
      publicationDois: ['10.1093/bioinformatics/btx001'],
      edamOperations: ['Classification'],
    });
  });

  it('keeps the data a tool reads and writes, one entry per data term with every format named for it', () => {
    const edam = (id: string, term: string) => ({ term, uri: `http://edamontology.org/${id}` });
    const withData = {
      ...tool,
      function: [
        {
          operation: [edam('operation_2990', 'Classification')],
          input: [
            { data: edam('data_2044', 'Sequence'), format: [edam('format_1929', 'FASTA')] },
            { data: edam('data_2968', 'Image') },
          ],
          output: [{ data: edam('data_0896', 'Protein report'), format: [edam('format_3475', 'TSV')] }],
        },
        {
          operation: [edam('operation_0004', 'Operation')],
          input: [
            {
              data: edam('data_2044', 'Sequence'),
              format: [edam('format_1927', 'EMBL format'), edam('format_1929', 'FASTA')],
            },
          ],
          output: [{ format: [edam('format_3475', 'TSV')] }],
        },
      ],
    };
    const [record] = parseBiotools(snapshot({ 'tools.jsonl': `${JSON.stringify(withData)}\n` }));
    expect(record?.edamInputs).toEqual([
      { data: 'Sequence', formats: ['FASTA', 'EMBL format'] },
      { data: 'Image', formats: [] },
    ]);
    expect(record?.edamOutputs).toEqual([{ data: 'Protein report', formats: ['TSV'] }]);
    const [bare] = parseBiotools(snapshot({ 'tools.jsonl': `${JSON.stringify(tool)}\n` }));
    expect(bare?.edamInputs).toEqual([]);
  });
});

describe('best-of-atomistic-machine-learning', () => {
  it('reads a project row with its stars dated by the list and its line', () => {
    const csv = [
      ',name,resource,category,homepage,description,license,labels,github_id,github_url,created_at,star_count,pypi_id,conda_id,latest_stable_release_published_at,latest_stable_release_number',
      '0,Forum,True,community,https://x.org,A forum.,,,,,,,,,,',
      '1,MACE,False,ml-iap,https://github.com/ACEsuit/mace,Fast equivariant potentials.,MIT,"[\'pytorch\']",ACEsuit/mace,https://github.com/ACEsuit/mace,2022-06-01 10:00:00,999.0,mace-torch,,2025-01-02 00:00:00.000,0.3.10',
    ].join('\n');
    const records = parseBestOfAtomistic(snapshot({ 'projects.csv': csv }));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      title: 'MACE',
      githubRepo: 'acesuit/mace',
      stars: { value: 999, asOf: '2026-08-20', source: 'best-of-atomistic-ml' },
      pypiId: 'mace-torch',
      latestRelease: { version: '0.3.10', date: '2025-01-02' },
      recordUrl: `https://github.com/owner/list/blob/${'a'.repeat(40)}/history/2026-08-20_projects.csv#L3`,
    });
  });
});

describe('HEPML', () => {
  const bib = `% June 16, 2026
@article{Araz:2026img,
    author = "Araz, Jack Y. and Spannowsky, Michael and others",
    title = "{Conformal calibration in {LHC} searches}",
    eprint = "2606.13780",
    archivePrefix = "arXiv",
    doi = "10.1000/J.X",
    year = "2026"
}
@article{Sa:2020,
    author = "Sa{\\'u}l, Alonso-Monsalve",
    title = "{No section}",
    year = "2020"
}`;
  const tex = `\\begin{itemize}
  \\item \\textbf{Jet tagging}
    \\begin{itemize}
    \\item \\textbf{Graphs}~\\cite{Araz:2026img,Other:2020}
    \\end{itemize}
\\end{itemize}`;

  it('parses BibTeX entries, accents and author lists', () => {
    const entries = parseBibtex(bib);
    expect(entries.map((entry) => [entry.key, entry.line])).toEqual([
      ['Araz:2026img', 2],
      ['Sa:2020', 10],
    ]);
    expect(bibText(entries[0]!.fields.title!)).toBe('Conformal calibration in LHC searches');
    expect(bibAuthors(entries[1]!.fields.author!).authors).toEqual(['Alonso-Monsalve Saúl']);
    expect(bibAuthors(entries[0]!.fields.author!)).toEqual({
      authors: ['Jack Y. Araz', 'Michael Spannowsky'],
      complete: false,
    });
  });

  it('ends on an unterminated value instead of reading the entry again', () => {
    const entries = parseBibtex('@article{k,\n title = {{{ never closed');
    expect(entries.map((entry) => [entry.key, entry.fields.title])).toEqual([['k', '{{ never closed']]);
    expect(parseBibtex('@a{k, t = "open').map((entry) => entry.key)).toEqual(['k']);
  });

  it('files each paper under the review’s sections', () => {
    expect(hepmlSections(tex).get('Araz:2026img')).toEqual(['Jet tagging', 'Graphs']);
    const [paper] = parseHepml(snapshot({ 'HEPML.bib': bib, 'HEPML.tex': tex }));
    expect(paper).toMatchObject({ arxivId: '2606.13780', doi: '10.1000/j.x', year: 2026, facets: ['Graphs'] });
  });
});

describe('Markdown lists', () => {
  it('joins a title line with its links line, and reads tables and badge links', () => {
    const markdown = [
      '## 🧬 Biology and Medicine',
      '### 3.6. Protein',
      '- **(ProtBERT)** _ProtTrans: Towards Cracking the Language of Life_ ```TPAMI 2021```',
      '[[Paper](https://arxiv.org/abs/2007.06225)] [[GitHub](https://github.com/agemagician/ProtTrans)] [[Model (420M)](https://huggingface.co/Rostlab/prot_bert)]',
      '',
      '| Title | Method | Link |',
      '|---|---|---|',
      '| *A CNN for lensing* | CNN | https://arxiv.org/abs/1909.10527 |',
      '*   **Zero shot hypotheses** [![arXiv](https://img.shields.io/badge/arXiv-2311.05965-B31B1B.svg)](https://arxiv.org/pdf/2311.05965) - *Qi et al. (2023.11)*',
    ].join('\n');
    const entries = listEntries(markdown);
    expect(entries.map((entry) => [entry.line, entry.sections, entry.links.length, entry.table])).toEqual([
      [3, ['Biology and Medicine', 'Protein'], 3, false],
      [8, ['Biology and Medicine', 'Protein'], 1, true],
      [9, ['Biology and Medicine', 'Protein'], 1, false],
    ]);
    const [model] = parseScientificLms(snapshot({ 'README.md': markdown }));
    expect(model).toMatchObject({
      title: 'ProtBERT',
      githubRepo: 'agemagician/prottrans',
      relatedArxivIds: ['2007.06225'],
      year: 2021,
      terms: ['Biology and Medicine', 'Protein'],
    });
    const cosmology = parseMlInCosmology(snapshot({ 'README.md': markdown }));
    expect(cosmology.map((paper) => [paper.title, paper.arxivId, paper.year, paper.facets])).toEqual([
      ['A CNN for lensing', '1909.10527', 2019, ['Protein', 'CNN']],
    ]);
    const discovery = parseLlmScientificDiscovery(snapshot({ 'README.md': markdown.split('\n').slice(8).join('\n') }));
    expect(discovery.map((paper) => [paper.title, paper.arxivId, paper.year])).toEqual([
      ['Zero shot hypotheses', '2311.05965', 2023],
    ]);
  });

  it('does not read a line longer than any entry as one', () => {
    const long = `- [Tool](https://github.com/a/b) - ${'x'.repeat(MAX_ENTRY_LENGTH)}`;
    expect(listEntries(`${long}\n- [Other](https://github.com/c/d) - fine`).map((entry) => entry.line)).toEqual([2]);
  });

  it('section names lose numbering and emoji; list notes of venue leave names', () => {
    expect(sectionName('3.6. 🧠 Ability')).toBe('Ability');
    expect(sectionName('🔬 Domain-Specific Applications')).toBe('Domain-Specific Applications');
    expect(withoutVenueNote('Kilosort (Nature Methods 2024)')).toBe('Kilosort');
    expect(withoutVenueNote('ChartAssistant / ChartAst (ACL 2024)')).toBe('ChartAssistant / ChartAst');
    expect(withoutVenueNote('GPT (2024 edition) Tool')).toBe('GPT (2024 edition) Tool');
  });

  it('types Awesome AI for Science entries by section and by what the list says', () => {
    const markdown = [
      '## Research Agents & Autonomous Workflows',
      '### Evaluation & Benchmarking',
      '- [MLE-Bench](https://github.com/openai/mle-bench) - Benchmark evaluating AI agents',
      '### Domain-Specific Research Agents',
      '- [ChemCrow](https://github.com/ur-whitelab/chemcrow-public) - LLM agents for chemistry',
      '## Tools',
      '- [Paper2Poster](https://github.com/Paper2Poster/Paper2Poster) - Multi-agent system converting papers to posters',
      '- [AutoViz](https://github.com/AutoViML/AutoViz) - Automated data visualization',
      '## Papers & Reviews',
      '- [A survey](https://arxiv.org/abs/2501.00001) - Survey of AI for science',
    ].join('\n');
    const records = parseAiForScience(snapshot({ 'README.md': markdown }));
    expect(records.map((record) => [record.title, record.type])).toEqual([
      ['MLE-Bench', 'software'],
      ['ChemCrow', 'agent'],
      ['Paper2Poster', 'agent'],
      ['AutoViz', 'software'],
      ['A survey', 'paper'],
    ]);
  });
});

describe('FDA AI-enabled devices', () => {
  it('makes one company of its spellings, with every device and the most used spelling as name', () => {
    const csv = [
      'Date of Final Decision,Submission Number,Device,Company,Panel (Lead),Primary Product Code',
      '03/30/2026,K254207,Tool A,"Aidoc Medical, Ltd.",Radiology,QIH',
      '01/02/2020,K190001,Tool B,"Aidoc Medical, Ltd.",Radiology,QIH',
      '05/06/2021,DEN200001,Tool C,AIDOC MEDICAL LTD,Neurology,QIH',
      '05/06/2021,K210002,Tool D,Other Co,Cardiovascular,QIH',
      'bad date,K0,Tool E,Nobody,,',
    ].join('\n');
    const records = parseFdaDevices(snapshot({ 'aiml-devices.csv': csv }));
    expect(records.map((record) => [record.title, record.devices?.map((device) => device.kNumber)])).toEqual([
      ['Aidoc Medical, Ltd.', ['K190001', 'DEN200001', 'K254207']],
      ['Other Co', ['K210002']],
    ]);
    expect(records[0]).toMatchObject({
      companyKey: 'aidoc medical',
      nameVariants: ['AIDOC MEDICAL LTD', 'Aidoc Medical, Ltd.'],
      terms: ['medical devices', 'Neurology', 'Radiology'],
      url: 'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/pmn.cfm?ID=K254207',
    });
  });
});
