import { describe, expect, it } from 'vitest';
import { paperIdLabel, paperIdUrl } from './paper-to-cite.ts';

describe('papers to cite', () => {
  it('links a DOI to doi.org and an arXiv id to its abstract page', () => {
    expect(paperIdUrl('doi', '10.1093/bioinformatics/btx001')).toBe('https://doi.org/10.1093/bioinformatics/btx001');
    expect(paperIdUrl('arxiv', '2401.07950')).toBe('https://arxiv.org/abs/2401.07950');
    expect(paperIdUrl('arxiv', 'hep-th/9901001')).toBe('https://arxiv.org/abs/hep-th/9901001');
  });

  it('escapes what would end or bend the path, keeping the slashes', () => {
    expect(paperIdUrl('doi', '10.1000/a#b?c%d')).toBe('https://doi.org/10.1000/a%23b%3Fc%25d');
  });

  it('names an identifier by its scheme', () => {
    expect(paperIdLabel('doi', '10.1000/x')).toBe('doi:10.1000/x');
    expect(paperIdLabel('arxiv', '2401.07950')).toBe('arXiv:2401.07950');
  });
});
