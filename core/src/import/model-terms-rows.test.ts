import { describe, expect, it } from 'vitest';
import { FACT_MESSAGES } from './fact-rules.ts';
import { IMPORT_PAPER_SOURCE, NAMED_PAPER_MESSAGES } from './named-papers.ts';
import { createDomainLookup, validateImportRow } from './row-rules.ts';
import { stagedRow } from './staged-row.ts';
import { buildImportTemplate } from './template.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';
import type { ImportType } from './columns.ts';

const lookup = createDomainLookup(TEST_DOMAINS);
const validate = (type: ImportType, cells: Record<string, string>) =>
  validateImportRow(type, { rowNumber: 2, cells: { name: 'Tool', ...cells } }, lookup);
const errors = (type: ImportType, cells: Record<string, string>) =>
  validate(type, cells)
    .issues.filter((issue) => issue.level === 'error')
    .map((issue) => issue.message);

describe.each(['software', 'agent'] as const)('%s rows: weights licence, availability, papers', (type) => {
  it('reads a weights licence as the licence is read, and keeps one that is no SPDX id without a warning', () => {
    expect(validate(type, { weights_license: 'MIT License' }).record.weights_license).toBe('MIT');
    const custom = validate(type, { weights_license: ' Llama 3 Community License ' });
    expect(custom.record.weights_license).toBe('Llama 3 Community License');
    expect(custom.issues).toEqual([]);
    expect(validate(type, {}).record.weights_license).toBeNull();
    expect(errors(type, { weights_license: 'x'.repeat(201) })).toEqual([
      'weights_license must be at most 200 characters',
    ]);
    expect(errors(type, { weights_license: 'x'.repeat(200) })).toEqual([]);
  });

  it('takes availability in any letter case or as the page writes it, and refuses anything else', () => {
    expect(validate(type, { availability: 'Open' }).record.availability).toBe('open');
    expect(validate(type, { availability: 'API only' }).record.availability).toBe('api_only');
    expect(validate(type, { availability: 'api-only' }).record.availability).toBe('api_only');
    expect(validate(type, { availability: 'WAITLIST' }).record.availability).toBe('waitlist');
    expect(validate(type, { availability: 'commercial' }).record.availability).toBe('commercial');
    const bad = validate(type, { availability: 'free' });
    expect(bad.status).toBe('Invalid');
    expect(bad.record.availability).toBeNull();
    expect(errors(type, { availability: 'free' })).toEqual([FACT_MESSAGES.availability]);
    expect(FACT_MESSAGES.availability).toBe('availability must be one of: open, api_only, waitlist, commercial');
  });

  it('reads DOIs lower-cased without their doi.org prefix and arXiv ids without their version, each once', () => {
    const row = validate(type, {
      paper_dois:
        '["10.1038/S41586-021-03819-2", "doi:10.1101/2024.01.02.123456", "https://doi.org/10.1038/s41586-021-03819-2"]',
      paper_arxiv_ids: '2401.07950v3, hep-th/9901001, arXiv:1706.03762',
    });
    expect(row.issues).toEqual([]);
    expect(row.record.paper_dois).toEqual(['10.1038/s41586-021-03819-2', '10.1101/2024.01.02.123456']);
    expect(row.record.paper_arxiv_ids).toEqual(['2401.07950', 'hep-th/9901001', '1706.03762']);
    // what the database keeps is commit_import's to write (publication_sources names the import)
    expect(IMPORT_PAPER_SOURCE).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('refuses what is no DOI or arXiv id, an oversized DOI and more than 50 papers', () => {
    expect(errors(type, { paper_dois: 'https://example.org/paper' })).toEqual([
      NAMED_PAPER_MESSAGES.doi('https://example.org/paper'),
    ]);
    expect(errors(type, { paper_dois: '11.1000/x' })).toEqual([NAMED_PAPER_MESSAGES.doi('11.1000/x')]);
    expect(errors(type, { paper_dois: `10.1000/${'a'.repeat(300)}` })).toEqual([NAMED_PAPER_MESSAGES.doiLength]);
    expect(errors(type, { paper_arxiv_ids: '2401.795' })).toEqual([NAMED_PAPER_MESSAGES.arxiv('2401.795')]);
    expect(errors(type, { paper_arxiv_ids: 'arxiv.org/abs/2401.07950' })).toHaveLength(1);
    const many = Array.from({ length: 30 }, (_, index) => `10.1000/p${index}`);
    const arxiv = Array.from({ length: 21 }, (_, index) => `2401.${String(10000 + index)}`);
    expect(errors(type, { paper_dois: JSON.stringify(many), paper_arxiv_ids: JSON.stringify(arxiv) })).toEqual([
      NAMED_PAPER_MESSAGES.tooMany,
    ]);
    expect(errors(type, { paper_dois: JSON.stringify(many), paper_arxiv_ids: JSON.stringify(arxiv.slice(1)) })).toEqual(
      [],
    );
  });

  it('stages the terms and papers only when a row has them', () => {
    const staged = stagedRow(type, validate(type, {}).record, 2);
    for (const field of ['weights_license', 'availability', 'paper_dois', 'paper_arxiv_ids']) {
      expect(staged).not.toHaveProperty(field);
    }
    expect(
      stagedRow(type, validate(type, { availability: 'open', paper_arxiv_ids: '2401.07950' }).record, 2),
    ).toMatchObject({ availability: 'open', paper_arxiv_ids: ['2401.07950'] });
  });

  it('explains the columns in its template', () => {
    const template = buildImportTemplate(type);
    const help = new Map(template.help.map((entry) => [entry.column, entry.help]));
    expect(help.get('availability')).toBe('How it can be had, one of: open, api_only, waitlist, commercial');
    expect(help.get('weights_license')).toContain('apart from the code’s');
    expect(help.get('paper_dois')).toContain('at most 50');
    expect(help.get('paper_arxiv_ids')).toContain('2401.07950');
  });
});
