import { describe, expect, inject, it } from 'vitest';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * A browse address's first HTML carries its search's first page of results in a data block
 * (<script type="application/json">): whatever the query string holds, nothing of it may end that
 * element, open another or break the page; odd input is answered as a plain browse page.
 */
const DATA_BLOCK = /<script type="application\/json" id="sciai-initial-data">([\s\S]*?)<\/script>/;

interface EmbeddedBrowse {
  browse?: { args: { search: string; domains: string[] }; result: { total: number } };
}

function readPage(html: string) {
  const block = DATA_BLOCK.exec(html)?.[1];
  expect(block, 'the data block').toBeDefined();
  expect(block).not.toMatch(/[<>&\u2028\u2029]/);
  return {
    data: JSON.parse(block!) as EmbeddedBrowse,
    scripts: html.match(/<script\b/g)?.length ?? 0,
    scriptEnds: html.match(/<\/script>/g)?.length ?? 0,
  };
}

describe('a browse page with a hostile query string', () => {
  const backend = inject('backend');

  it('embeds any search text as data that cannot end its element, nor change the page around it', async () => {
    const plain = await send(backend, '/browse');
    expect(plain.status).toBe(200);
    const baseline = readPage(String(plain.body));
    expect(baseline.scripts).toBe(baseline.scriptEnds);

    const texts = [
      '</script><script>alert(1)</script>',
      '</SCRIPT ><img src=x onerror=alert(1)>',
      '<!--<script>',
      ']]></script>&lt;&amp;"\'',
      'line\u2028separator\u2029paragraph',
      '\u202eevil\u202c \u200b zero width \ufeff bom',
      'protein 🧬 \ud83e\udde0 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      'a'.repeat(5_000),
    ];
    for (const text of texts) {
      const answer = await send(backend, `/browse?search=${encodeURIComponent(text)}`);
      expect(answer.status, text).toBe(200);
      const html = String(answer.body);
      const page = readPage(html);
      // the same script elements as the plain page: none added, none cut short
      expect(page.scripts, text).toBe(baseline.scripts);
      expect(page.scriptEnds, text).toBe(baseline.scriptEnds);
      expect(html).not.toContain('alert(1)</script>');
      expect(html).not.toContain('<img src=x');
      // the text arrives intact as data (cut to the search's length limit)
      const search = page.data.browse?.args.search;
      expect(search, text).toBeDefined();
      expect(text.trim().startsWith(search!), text).toBe(true);
    }
    await expectHealthy(backend);
  });

  it('answers percent-encoding that is not UTF-8, control characters and huge filter lists as a page', async () => {
    const queries = [
      'search=%ED%A0%80%FF%FE',
      'search=%00%01%1F%7F',
      'search=%C0%BCscript%C0%BE',
      `domain=${Array.from({ length: 2_000 }, (_, index) => `d${index}`).join(',')}`,
      `search=${'%3C%2Fscript%3E'.repeat(500)}`,
      'year_from=-99999999999999999999&year_to=NaN&sort=%27%3Bdrop%20table',
      `type=${'software,'.repeat(1_000)}&feature=%3C%2Fscript%3E`,
    ];
    for (const query of queries) {
      const answer = await send(backend, `/browse?${query}`, { waitMs: 20_000 });
      expect(answer.status, query).toBe(200);
      readPage(String(answer.body));
    }
    await expectHealthy(backend);
  });
});
