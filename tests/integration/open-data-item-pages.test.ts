import { describe, expect, it } from 'vitest';
import { get } from '../support/open-data.ts';

/** Item pages for machines: JSON-LD by content negotiation and Markdown pages (/tool/{slug}.md). */
describe('item pages for machines', () => {
  it('answers Accept: application/ld+json with the JSON-LD the HTML page embeds', async () => {
    const html = await (await get('/tool/alphafold', { accept: 'text/html' })).text();
    const embedded = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const response = await get('/tool/alphafold', { accept: 'application/ld+json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.get('vary')).toContain('accept');
    expect(await response.json()).toEqual(JSON.parse(embedded));

    // A browser's Accept gets the page; JSON-LD only when asked for before HTML.
    const browser = await get('/tool/alphafold', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(browser.headers.get('content-type')).toContain('text/html');
    expect(browser.headers.get('vary')).toContain('accept');
    await browser.body?.cancel();
    const weighed = await get('/paper/alphafold-2-paper', { accept: 'text/html;q=0.5, application/ld+json' });
    expect(((await weighed.json()) as { '@graph': Array<{ '@type': string }> })['@graph'][0]!['@type']).toBe(
      'ScholarlyArticle',
    );
    const missing = await get('/tool/no-such-tool-anywhere', { accept: 'application/ld+json' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
  });

  it('renders /tool/{slug}.md and the other types as Markdown; wrong type or unknown slug is 404', async () => {
    const response = await get('/tool/alphafold.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await response.text();
    expect(markdown.startsWith('# AlphaFold 2\n\n> ')).toBe(true);
    expect(markdown).toContain('- Type: Software');
    expect(markdown).toContain('- Organization: Google DeepMind');
    expect(markdown).toContain('- Repository: https://github.com/google-deepmind/alphafold');
    expect(markdown).toContain('## Description');
    expect(markdown).not.toMatch(/<(script|div)/);

    const paper = await (await get('/paper/alphafold-2-paper.md')).text();
    expect(paper).toContain('# Highly accurate protein structure prediction with AlphaFold');
    expect(paper).toContain('- DOI: [10.1038/s41586-021-03819-2](https://doi.org/10.1038/s41586-021-03819-2)');
    expect(paper).toContain('John Jumper');
    expect((await get('/company/isomorphic-labs.md')).status).toBe(200);
    expect((await get('/agent/chemcrow.md')).status).toBe(200);
    expect((await get('/tool/chemcrow.md')).status).toBe(404);
    expect((await get('/tool/no-such-tool-anywhere.md')).status).toBe(404);
  });

  it('says in a tool’s Markdown its papers to cite and its weights licence, each as the page does', async () => {
    const scibert = await (await get('/tool/scibert.md')).text();
    expect(scibert).toMatch(
      /## Papers to cite\n\n- \[SciBERT[^\]]*\]\(http[^)]*\/paper\/scibert-a-pretrained-language-model-for-scientific-text\) — named by Awesome Scientific Language Models/,
    );
    const boltz = await (await get('/tool/boltz.md')).text();
    expect(boltz).toContain('- Weights licence: MIT\n- Availability: Open');
    expect(await (await get('/tool/alphafold.md')).text()).not.toContain('Weights licence');
  });
});
